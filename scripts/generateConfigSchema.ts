/**
 * Writes schemas/umsg.config.schema.json from the rule catalogue, so that VS Code completes
 * and checks umsg.config.json. test/catalogue.test.ts fails when the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from '../server/src/core/configSchema';

const out = join(__dirname, '..', 'schemas', 'umsg.config.schema.json');
writeFileSync(out, JSON.stringify(configSchema(), null, 2) + '\n');
console.log(`wrote ${out}`);

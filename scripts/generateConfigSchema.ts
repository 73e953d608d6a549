/**
 * Writes schemas/umsg.config.schema.json and the rule list of the `universalMessage.rules`
 * setting in package.json from the rule catalogue, so that editors complete and check rule
 * ids. test/config.test.ts fails when either is out of date: run `npm run generate`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from '../server/src/core/configSchema';
import { ALL_RULES } from '../server/src/core/rules';

const root = join(__dirname, '..');
const schemaPath = join(root, 'schemas', 'umsg.config.schema.json');
writeFileSync(schemaPath, JSON.stringify(configSchema(), null, 2) + '\n');
console.log(`wrote ${schemaPath}`);

const pkgPath = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
pkg.contributes.configuration.properties['universalMessage.rules'].propertyNames.enum = ALL_RULES.map((r) => r.id);
writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
console.log(`updated the rule list of universalMessage.rules in ${pkgPath}`);

/** ajv with the equivalent schema: read, JSON.parse and validate every file, all errors. */
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { report, toolArguments } from './tool';

const { schema, files } = toolArguments();
const validate = new Ajv({ allErrors: true }).compile(schema);
let problems = 0;
for (const file of files) {
  if (!validate(JSON.parse(readFileSync(file, 'utf8')))) problems += validate.errors?.length ?? 0;
}
report(files.length, problems);

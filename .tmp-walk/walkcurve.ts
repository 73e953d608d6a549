// Time of the native walk per 100 files, in file order, from the first (parse timed apart).
import { readdirSync, readFileSync } from 'node:fs';
import { parseJsonDocument } from '../server/src/core/syntax/jsonDocument';
import { checkNativeDocument, NATIVE_FORMATS } from '../server/src/core/channels/native';
const dir = process.argv[2];
const files = readdirSync(dir).filter((f) => f.endsWith('.umsg')).sort();
const texts = files.map((f) => [f.split('.').slice(-2)[0], readFileSync(`${dir}/${f}`, 'utf8')] as const);
const rounds = +(process.argv[3] ?? 1);
for (let r = 0; r < rounds; r++) {
  let parseT = 0, walkT = 0; const per: string[] = [];
  let bucket = 0;
  for (let i = 0; i < texts.length; i++) {
    const [ch, text] = texts[i];
    const t0 = performance.now();
    const doc = parseJsonDocument(text);
    const t1 = performance.now();
    checkNativeDocument(doc, (NATIVE_FORMATS as any)[ch], { channelName: ch });
    const t2 = performance.now();
    parseT += t1 - t0; walkT += t2 - t1; bucket += t2 - t1;
    if ((i + 1) % 250 === 0) { per.push(bucket.toFixed(1)); bucket = 0; }
  }
  console.log(`round ${r}: parse ${parseT.toFixed(1)} ms, walk ${walkT.toFixed(1)} ms; walk per 250 files: ${per.join(' ')}`);
}

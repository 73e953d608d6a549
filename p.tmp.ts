import { checkDocument } from './server/src/core/check';
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const actions = Array.from({ length: 60000 }, (_, i) => `{ "type": "reply", "display": "Dish ${i} \${it.label()}", "payload": "P${i}" }`).join(',\n');
const big = `{ "type": "rich", "title": "Menu", "description": "d", "insideActions": [\n${actions}\n] }`;
const plain = big.replace(/\$\{[^}]*\}/g, 'x');
const cfg = { channels: { messenger: 'warning' as const, gbm: 'warning' as const, whatsapp: 'warning' as const }, rules: {}, maxFileSize: 1e9 };
const a: number[] = [], b: number[] = [];
for (let i = 0; i < 5; i++) { let t = Date.now(); checkDocument(big, 'universal-message', { config: cfg }); a.push(Date.now() - t); t = Date.now(); JSON.parse(plain); b.push(Date.now() - t); }
console.log('check', median(a), 'JSON.parse', median(b), 'ratio', (median(a) / median(b)).toFixed(1), (big.length/1e6).toFixed(1)+'MB');

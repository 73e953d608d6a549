/**
 * A corpus of ordinary messages for measuring `umsg check` in CI.
 *
 *   node --import tsx scripts/corpus.ts DIR [N]          writes N messages (default 10,000) into DIR
 *
 * The messages are what a bot's folder holds: rich cards with media, reply and link buttons,
 * a few templates, strict JSON (so that JSON.parse reads them too), no comments and no sample
 * files. Deterministic: the same N gives the same files. `npm run bench` (scripts/bench.ts)
 * measures `umsg check` on them beside the floor (read + JSON.parse), ajv and VS Code's JSON
 * service; to look at a folder yourself, write one here and run `umsg check` on it.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const DISHES = ['Soup', 'Salad', 'Pasta', 'Risotto', 'Pizza', 'Tiramisu', 'Espresso', 'Lemonade'];

/** The text of ordinary message `i`: valid, with a few warnings here and there. */
export function ordinaryMessage(i: number): string {
  const dish = DISHES[i % DISHES.length];
  const actions = Array.from({ length: 1 + (i % 3) }, (_, k) =>
    k === 2
      ? { type: 'click', display: 'Open the menu', payload: `MENU_${i}`, url: `https://trattoria.example/menu/${i}` }
      : { type: 'reply', display: `${DISHES[(i + k) % DISHES.length]} ${k + 1}`, payload: `ORDER_${i}_${k}` });
  const card: Record<string, unknown> = {
    type: 'rich',
    title: i % 5 === 0 ? `Hello \${user.firstName}, today: ${dish}` : `Today's special: ${dish} number ${i}`,
    description: `Fresh ${dish.toLowerCase()} from our kitchen, order before noon.`,
    richMedia: { height: ['SHORT', 'MEDIUM', 'TALL'][i % 3], fileUrl: `https://cdn.trattoria.example/img/${i}.jpg`, altText: `A plate of ${dish.toLowerCase()}` },
    [i % 2 === 0 ? 'insideActions' : 'floatActions']: i % 2 === 0 ? actions : actions.map((a) => ({ ...a, type: 'reply', url: undefined })),
  };
  return JSON.stringify(card, null, 2) + '\n';
}

/** Writes `count` messages into `dir` (created if needed) as card-00000.umsg, …; returns their paths. */
export function writeCorpus(dir: string, count: number): string[] {
  mkdirSync(dir, { recursive: true });
  const width = String(count - 1).length;
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `card-${String(i).padStart(width, '0')}.umsg`);
    writeFileSync(file, ordinaryMessage(i));
    files.push(file);
  }
  return files;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args[0] && !args[0].startsWith('-')) {
    const files = writeCorpus(path.resolve(args[0]), Number(args[1] ?? 10_000));
    console.log(`wrote ${files.length} messages to ${path.resolve(args[0])} (${readdirSync(path.resolve(args[0])).length} files there)`);
  } else {
    console.log('usage: node --import tsx scripts/corpus.ts DIR [N]');
    process.exitCode = 2;
  }
}

/**
 * The four corpora of the benchmark, generated deterministically (the same sizes give the same
 * bytes): 10,000 ordinary messages in one folder (scripts/corpus.ts), one 3.9 MB message with
 * 20,000 actions and about 45,000 findings, one 50,000-entry Configuration Meta, and 2,000
 * channel-specific messages in the channels' own formats. All are strict JSON, so that
 * JSON.parse, ajv and VS Code's JSON service read them too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ordinaryMessage, writeCorpus } from '../corpus';
import type { CorpusResult } from './report';
import type { SchemaName } from './schemas';

export interface Corpus {
  id: CorpusResult['id'];
  /** How the tables name it. */
  name: string;
  /** What to pass to each tool: a folder or one file. */
  target: string;
  schema: SchemaName;
  files: number;
  characters: number;
}

/**
 * A message as long as a generated catalogue gets: `actions` actions, each with findings
 * (display over Messenger's 20 characters, a click action WhatsApp cannot show, url and
 * phoneNumber on reply actions): about 2.25 findings and 197 characters per action.
 */
export function hugeMessage(actions: number): string {
  const url = (k: number) => `https://trattoria.example/menu/${k}`;
  const list = Array.from({ length: actions }, (_, k) => {
    if (k % 2 === 0) return { type: 'click', display: `Order dish number ${k} for today`, payload: `ORDER_${k}_DAILY_MENU`, url: `https://trattoria.example/menu/dishes/${k}` };
    if (k % 4 === 3) return {
      type: 'reply',
      display: `Reply ${k} to order the dish of the day`,
      payload: `REPLY_${k}`,
      url: url(k),
      phoneNumber: `+1555${k}`,
    };
    return { type: 'reply', display: `Reply ${k} to order the dish of the day`, payload: `REPLY_${k}_ORDER_SPECIAL`, url: url(k) };
  });
  return JSON.stringify({
    type: 'rich',
    title: "Today's menu",
    description: 'Tap a dish to order it',
    richMedia: { height: 'TALL', fileUrl: 'https://cdn.trattoria.example/menu.png', altText: 'Our kitchen' },
    insideActions: list,
  }, null, 2) + '\n';
}

/**
 * The same message with a template in every other action's display (`Order ${dish.name} number
 * …`): its masked text, which the JSON parse reads, is not its text.
 */
export function templatedHugeMessage(actions: number): string {
  return hugeMessage(actions).replace(/Order dish number/g, 'Order ${dish.name} number');
}

/**
 * A Configuration Meta array of `entries` valid entries, one per line, in turn String, Text,
 * Boolean (with a default) and a selection of two options (with a default); distinct keys.
 * 50,000 entries make 4.6 million characters, under the default maxFileSize (5,000,000).
 */
export function bigConfigMeta(entries: number): string {
  const lines = Array.from({ length: entries }, (_, i) => {
    switch (i % 4) {
      case 0: return { key: `apiKey${i}`, label: `API key ${i}`, type: 'String' };
      case 1: return { key: `footer_${i}`, label: `Footer ${i}`, type: 'Text' };
      case 2: return { key: `sandbox${i}`, label: `Sandbox ${i}`, type: 'Boolean', default_value: 'false' };
      default: return {
        key: `currency${i}`,
        label: `Currency ${i}`,
        options: [{ value: 'EUR', label: 'Euro' }, { value: 'USD', label: 'US dollar' }],
        default_value: 'EUR',
      };
    }
  });
  return '[\n' + lines.map((e) => '  ' + JSON.stringify(e)).join(',\n') + '\n]\n';
}

/**
 * The `i`th channel-specific message in its channel's own format: NAME.<channel>.umsg and its
 * text. In turn a WhatsApp list, WhatsApp reply buttons, a Messenger button template with quick
 * replies, a Google Business Messages rich card, and an RCS text with suggestions or, every
 * tenth message, a WhatsApp list with the mistakes people make (a button text and a row title
 * over WhatsApp's limits, an unknown field): three findings each.
 */
export function nativeMessage(i: number): { name: string; text: string } {
  const wrong = i % 10 === 9;
  const n = String(i).padStart(5, '0');
  const dish = ['Cacio e pepe', 'Carbonara', 'Amatriciana', 'Gricia', 'Lasagne'][i % 5];
  switch (i % 5) {
    case 0: return {
      name: `menu-${n}.whatsapp.umsg`,
      text: JSON.stringify({
        type: 'interactive',
        interactive: {
          type: 'list',
          header: { type: 'text', text: 'Trattoria Sole' },
          body: { text: `Today's lunch, table ${i}: what would you like?` },
          action: {
            button: 'See the dishes',
            sections: [
              { title: 'Pasta', rows: [
                { id: `P${i}-1`, title: dish, description: 'Fresh every day' },
                { id: `P${i}-2`, title: 'Spaghetti al pomodoro', description: 'Tomato and basil' },
              ] },
              { title: 'Dessert', rows: [{ id: `D${i}-1`, title: 'Tiramisu' }] },
            ],
          },
        },
      }, null, 2),
    };
    case 1: return {
      name: `order-${n}.whatsapp.umsg`,
      text: JSON.stringify({
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: `Order ${i}: ${dish} is ready for pick-up.` },
          footer: { text: 'Trattoria Sole' },
          action: { buttons: [
            { type: 'reply', reply: { id: `PICK_${i}`, title: 'On my way' } },
            { type: 'reply', reply: { id: `LATE_${i}`, title: 'In an hour' } },
          ] },
        },
      }, null, 2),
    };
    case 2: return {
      name: `offer-${n}.messenger.umsg`,
      text: JSON.stringify({
        attachment: {
          type: 'template',
          payload: {
            template_type: 'button',
            text: `Lunch offer ${i}: ${dish} and a coffee for twelve euros.`,
            buttons: [
              { type: 'web_url', url: `https://trattoria.example/offer/${i}`, title: 'See the offer' },
              { type: 'postback', title: 'Book a table', payload: `BOOK_${i}` },
            ],
          },
        },
        quick_replies: [{ content_type: 'text', title: 'Not today', payload: 'NO' }],
      }, null, 2),
    };
    case 3: return {
      name: `card-${n}.gbm.umsg`,
      text: JSON.stringify({
        richCard: {
          standaloneCard: {
            cardContent: {
              title: `${dish}, dish ${i}`,
              description: 'Fresh pasta, made this morning.',
              media: { height: 'MEDIUM', contentInfo: { fileUrl: `https://cdn.trattoria.example/${i}.png` } },
              suggestions: [
                { reply: { text: 'Order it', postbackData: `ORDER_${i}` } },
                { action: { text: 'Call us', postbackData: 'CALL', dialAction: { phoneNumber: '+16505551234' } } },
              ],
            },
          },
        },
      }, null, 2),
    };
    default: return {
      name: `reminder-${n}.${wrong ? 'whatsapp' : 'rcs'}.umsg`,
      text: JSON.stringify(wrong
        ? {
          type: 'interactive',
          interactive: {
            type: 'list',
            body: { text: `Reminder ${i}: your table is booked for tonight.` },
            action: {
              button: 'See the booking details',
              foo: true,
              sections: [{ title: 'Tonight', rows: [{ id: `R${i}`, title: `Table for two at eight o'clock` }] }],
            },
          },
        }
        : {
          text: `Reminder ${i}: your table is booked for tonight.`,
          suggestions: [
            { reply: { text: 'Keep it', postbackData: `KEEP_${i}` } },
            { action: { text: 'Call us', postbackData: 'CALL', dialAction: { phoneNumber: '+16505551234' } } },
          ],
        }, null, 2),
    };
  }
}

export interface Sizes {
  messages: number;
  actions: number;
  entries: number;
  /** Channel-specific messages in native form. */
  native: number;
}

export const FULL_SIZES: Sizes = { messages: 10_000, actions: 20_000, entries: 50_000, native: 2_000 };
export const QUICK_SIZES: Sizes = { messages: 1_000, actions: 2_000, entries: 5_000, native: 500 };

/** Writes the four corpora under `dir` (a fresh folder each). */
export function writeCorpora(dir: string, sizes: Sizes): Corpus[] {
  const ordinary = path.join(dir, 'ordinary');
  const written = writeCorpus(ordinary, sizes.messages);
  let ordinaryCharacters = 0;
  for (let i = 0; i < sizes.messages; i++) ordinaryCharacters += ordinaryMessage(i).length;
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const count = (n: number) => n.toLocaleString('en-US');

  const hugeDir = path.join(dir, 'huge');
  mkdirSync(hugeDir, { recursive: true });
  const huge = hugeMessage(sizes.actions);
  const hugeFile = path.join(hugeDir, 'catalogue.umsg');
  writeFileSync(hugeFile, huge);

  const metaDir = path.join(dir, 'meta');
  mkdirSync(metaDir, { recursive: true });
  const meta = bigConfigMeta(sizes.entries);
  const metaFile = path.join(metaDir, 'settings.configmeta.json');
  writeFileSync(metaFile, meta);

  const nativeDir = path.join(dir, 'native');
  mkdirSync(nativeDir, { recursive: true });
  let nativeCharacters = 0;
  for (let i = 0; i < sizes.native; i++) {
    const { name, text } = nativeMessage(i);
    writeFileSync(path.join(nativeDir, name), text);
    nativeCharacters += text.length;
  }

  return [
    {
      id: 'ordinary',
      name: `${count(sizes.messages)} ordinary messages in one folder`,
      target: ordinary,
      schema: 'card',
      files: written.length,
      characters: ordinaryCharacters,
    },
    {
      id: 'huge-message',
      name: `one ${mb(huge.length)} message, ${count(sizes.actions)} actions`,
      target: hugeFile,
      schema: 'card',
      files: 1,
      characters: huge.length,
    },
    {
      id: 'config-meta',
      name: `one ${mb(meta.length)} Configuration Meta, ${count(sizes.entries)} entries`,
      target: metaFile,
      schema: 'meta',
      files: 1,
      characters: meta.length,
    },
    {
      id: 'native',
      name: `${count(sizes.native)} channel-specific messages in native form`,
      target: nativeDir,
      schema: 'native',
      files: sizes.native,
      characters: nativeCharacters,
    },
  ];
}

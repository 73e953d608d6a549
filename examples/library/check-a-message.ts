/**
 * The language core as a library: check a message, hover a field and print WhatsApp's
 * payload, with the same service the language server and `umsg check` use.
 *
 * Run it from the repository root:
 *
 *     node --import tsx examples/library/check-a-message.ts
 *
 * Everything comes from `server/src/core/index.ts`, the core's one public face. Results are
 * in offsets into the text; turning them into lines and columns is the caller's choice.
 */
import { createLanguageService, resolveConfig, type Diagnostic } from '../../server/src/core';

const text = `{
  "type": "rich",
  "title": "Hello \${user.name}, this title runs on well past the eighty characters that Messenger shows in a card",
  "description": "Tap a dish to order it",
  "insideActions": [
    { "type": "reply", "display": "Pasta", "payload": "PASTA" },
    { "type": "call", "display": "Call us", "payload": "CALL", "phoneNumber": "555-0100" }
  ]
}`;

/** 1-based line and column of an offset, as editors show them. */
function position(offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

async function main(): Promise<void> {
  const service = createLanguageService();
  // The settings umsg.config.json would give: every channel's findings as errors.
  const config = resolveConfig({ channels: { messenger: 'error', gbm: 'error', whatsapp: 'error' }, rules: {} });
  const doc = service.open(text, 'universal-message', config);

  const { diagnostics } = await service.check(doc, { config });
  console.log(`${diagnostics.length} findings:`);
  for (const d of diagnostics as Diagnostic[]) console.log(`  ${position(d.offset)}  ${d.severity}  ${d.rule}  ${d.message}`);

  const hover = service.hover(doc, text.indexOf('"title"') + 1, { config });
  console.log(`\nHover on "title":\n${hover?.contents ?? '(none)'}`);

  const whatsapp = service.render(text, { channel: 'whatsapp', sample: { user: { name: 'Ada' } }, config });
  console.log(`\nWhatsApp receives:\n${JSON.stringify(whatsapp.value, null, 2)}`);
}

void main();

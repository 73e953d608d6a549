/**
 * `umsg render`: the message rendered with its sample data, or a channel's payload, with the
 * findings that explain what the channel does with it on standard error.
 */
import * as path from 'node:path';
import { CHANNEL_NAMES, channelOfPath, isChannelId, renderForChannel } from '../core';
import { messageContext, parseSample } from '../workspace/messageContext';
import { linkedOut, linkOutOfProject, projectFolder } from '../workspace/links';
import { lineColumn } from './report/locate';
import { ConfigLookup } from '../workspace/configLookup';
import { FolderListings, realPathOf } from '../node/files';
import { printable } from './report/locate';
import { readText } from './checkFiles';
import { type RenderArgs } from './args';
import { InputError } from './collectFiles';
import { type CliIO } from './io';

/**
 * `umsg render FILE [--data FILE] [--channel ID]`: the message rendered with its sample data
 * (NAME.sample.json unless --data names another file) as strict JSON, or what a channel gets.
 * A channel with its own NAME.<channel>.umsg gets that file, rendered with the same sample
 * data. With a channel, the findings that explain what the channel does with the card, or
 * rejects in it, are repeated on standard error: check and render tell one story.
 */
export async function render(args: RenderArgs, io: CliIO): Promise<number> {
  const file = path.resolve(io.cwd, args.file);
  if (!file.endsWith('.umsg')) throw new InputError(`"${args.file}" is not a universal message: expected a *.umsg file.`);
  const channel = args.channel && isChannelId(args.channel) ? args.channel : undefined;
  const own = channelOfPath(file);
  const universal = own ? file.slice(0, -`.${own}.umsg`.length) + '.umsg' : file;
  if (own && channel && channel !== own) {
    throw new InputError(
      `"${args.file}" is the channel-specific message for ${CHANNEL_NAMES[own]}: ${CHANNEL_NAMES[channel]} never receives it. ` +
        `Render ${path.relative(io.cwd, universal) || universal} --channel ${channel} instead.`,
    );
  }
  const listings = new FolderListings();
  const exists = (p: string) => listings.exists(p);
  const configs = new ConfigLookup(readText, { exists, realPath: realPathOf });
  // The file the channel receives: its channel-specific message when one exists (looked up, not read).
  let target = file;
  if (!own && channel) {
    const sibling = universal.slice(0, -'.umsg'.length) + `.${channel}.umsg`;
    if (await exists(sibling)) {
      // A sibling linked out of the message's project is not read (it would be printed).
      const { root } = await configs.forFile(universal);
      const outside = await linkOutOfProject(sibling, [projectFolder(universal, root)], realPathOf);
      if (outside) {
        throw new InputError(
          `${CHANNEL_NAMES[channel]} receives ${linkedOut(path.relative(io.cwd, sibling) || sibling, outside)}: ` +
            'it is not read.',
        );
      }
      target = sibling;
      io.stderr(
        `umsg: ${CHANNEL_NAMES[channel]} receives ${printable(path.relative(io.cwd, sibling))}, its channel-specific message ` +
          `(rendered with the sample data); ${printable(args.file)} is not used on that channel.\n`,
      );
    }
  }
  const shown = path.relative(io.cwd, target) || target;
  const text = await readText(target);
  if (typeof text !== 'string') throw new InputError(`Cannot read "${shown}": ${text?.unreadable ?? 'no such file or folder'}.`);
  let sample;
  if (args.data !== undefined) {
    // Named on the command line by the user: read wherever it is (no project boundary).
    const dataText = await readText(path.resolve(io.cwd, args.data));
    if (typeof dataText !== 'string') throw new InputError(
      `Cannot read the data file "${args.data}": ${dataText?.unreadable ?? 'no such file or folder'}.`,
    );
    const parsed = parseSample(dataText, args.data);
    if (!parsed.sample) throw new InputError(parsed.problem);
    sample = parsed.sample;
  } else {
    // A channel-specific message uses the sample data of its universal message.
    const { root } = await configs.forFile(universal);
    const within = [projectFolder(universal, root)];
    const related = await messageContext(universal, readText, { exists, within, realPath: realPathOf });
    if (related.sampleProblem) io.stderr(`umsg: ${printable(related.sampleProblem)}\n`);
    sample = related.sample;
  }
  const { config } = await configs.forFile(target);
  // NAME.<channel>.umsg: what that channel receives, in native form as written (rendered), in
  // universal form translated for it; either way with the findings that explain what it rejects.
  const specific = target !== universal ? own ?? channel : undefined;
  const result = renderForChannel(text, { sample, config, channel, channelSpecific: specific });
  if (result.error) {
    const at = result.error.offset !== undefined ? lineColumn(text, result.error.offset) : undefined;
    io.stderr(at
      ? `umsg: ${printable(shown)}:${at.line}:${at.column}: ${printable(result.error.message)}\n` +
        `umsg: the message cannot be rendered until its syntax is fixed (umsg check ${printable(shown)} lists every problem).\n`
      : `umsg: ${printable(result.error.message)}\n`);
    return 1;
  }
  for (const u of result.unevaluated) {
    const at = lineColumn(text, u.offset);
    io.stderr(
      `umsg: ${printable(shown)}:${at.line}:${at.column}: ${printable(`${'${'}${u.expression}}`)} ` +
        `was not evaluated: ${printable(u.reason)}.\n`,
    );
  }
  // With a channel, every finding that explains what it receives; without one, the sample data's
  // (a dynamic list over a value that is not a list prints its body once).
  const explaining = channel || specific ? result.findings : result.findings.filter((f) => f.rule === 'sample-data');
  for (const f of explaining) {
    const at = lineColumn(text, f.offset);
    io.stderr(`umsg: ${printable(shown)}:${at.line}:${at.column}: ${f.severity} ${f.rule}: ${printable(f.message)}\n`);
  }
  io.stdout(JSON.stringify(result.value, null, 2) + '\n');
  return 0;
}

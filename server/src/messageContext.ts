/**
 * What surrounds a message file (DESIGN: Files and languages): its sample data
 * NAME.sample.json, and the channel-specific messages NAME.<channel>.umsg that replace it on
 * their channel. Shared by the language server and the command line; file access comes from
 * the caller.
 */
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { CHANNEL_IDS, channelOfPath, type ChannelId, type SampleData } from './core';

export interface MessageContext {
  /** True for NAME.<channel>.umsg: only JSON and template syntax are checked. */
  channelSpecific: boolean;
  sample: SampleData | undefined;
  samplePath: string | undefined;
  /** Why the sample file could not be used, when it exists. */
  sampleProblem: string | undefined;
  /** Channels with their own NAME.<channel>.umsg beside this file. */
  overriddenChannels: ChannelId[];
}

export function samplePathFor(messagePath: string): string | undefined {
  if (!messagePath.endsWith('.umsg') || channelOfPath(messagePath)) return undefined;
  return messagePath.slice(0, -'.umsg'.length) + '.sample.json';
}

/** Reads sample data text: a JSON object, or a reason why it is not usable. */
export function parseSample(text: string, name: string): { sample?: SampleData; problem?: string } {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: false });
  if (errors.length > 0) return { problem: `${name} is not valid JSON (first error at character ${errors[0].offset + 1}): templates are checked without sample data.` };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problem: `${name} must hold a JSON object whose names the templates use: templates are checked without sample data.` };
  return { sample: value as SampleData };
}

export async function messageContext(messagePath: string, readText: (p: string) => Promise<string | undefined>): Promise<MessageContext> {
  const ctx: MessageContext = { channelSpecific: !!channelOfPath(messagePath), sample: undefined, samplePath: undefined, sampleProblem: undefined, overriddenChannels: [] };
  if (ctx.channelSpecific || !messagePath.endsWith('.umsg')) return ctx;
  const base = messagePath.slice(0, -'.umsg'.length);
  const samplePath = samplePathFor(messagePath)!;
  const sampleText = await readText(samplePath);
  if (sampleText !== undefined) {
    const name = samplePath.split(/[\\/]/).pop()!;
    const parsed = parseSample(sampleText, name);
    ctx.samplePath = samplePath;
    ctx.sample = parsed.sample;
    ctx.sampleProblem = parsed.problem;
  }
  for (const c of CHANNEL_IDS) {
    if ((await readText(`${base}.${c}.umsg`)) !== undefined) ctx.overriddenChannels.push(c);
  }
  return ctx;
}

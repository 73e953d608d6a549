/**
 * What surrounds a message file: its sample data
 * NAME.sample.json, and the channel-specific messages NAME.<channel>.umsg that replace it on
 * their channel. Shared by the language server and the command line; file access comes from
 * the caller.
 */
import type { ParseError } from 'jsonc-parser';
import { CHANNEL_IDS, channelOfPath, parseSampleJson, type ChannelId, type SampleData } from '../core';
import { linkedOut, linkOutOfProject } from './links';
import { isUnreadable, type ReadText } from './readOutcome';

export interface MessageContext {
  /** For NAME.<channel>.umsg, its channel (its sample data is NAME.sample.json, as for NAME.umsg). */
  channelSpecific: ChannelId | undefined;
  sample: SampleData | undefined;
  samplePath: string | undefined;
  /** Why the sample file could not be used, when it exists. */
  sampleProblem: string | undefined;
  /** Channels with their own NAME.<channel>.umsg beside this file. */
  overriddenChannels: ChannelId[];
  /**
   * Siblings among them that are links out of the project: still the file the channel gets, but
   * never read by these tools (the preview and `umsg render` say so instead of showing it).
   */
  linkedOutSiblings?: Partial<Record<ChannelId, string>>;
}

interface ContextOptions {
  /**
   * Whether something exists at a path, without reading it: siblings only need to exist,
   * and a sibling that is a named pipe must not be opened. By default a read is tried.
   */
  exists?: (p: string) => Promise<boolean>;
  /**
   * Sample data is shown in hovers and rendered output, so a NAME.sample.json that is a
   * symbolic link to a file outside the project (`~/.docker/config.json`, say) is refused; a
   * plain file beside the message is always read. `within` are the folders of the message's
   * project (see `projectFolder` in links.ts; none: the message's own folder), `realPath` resolves links
   * (undefined when it cannot). Without `realPath`, links are not checked.
   */
  within?: readonly string[];
  realPath?: (p: string) => Promise<string | undefined>;
  /**
   * The names in a folder (undefined when it cannot be listed), when the caller keeps
   * listings: the sample and the four siblings are then looked up in one listing, with one
   * wait instead of five. Without it, or when the folder cannot be listed, `exists` is asked.
   */
  namesIn?: (dir: string) => Promise<ReadonlySet<string> | undefined>;
}

/** Reads sample data text: a JSON object, or a reason why it is not usable. */
export function parseSample(text: string, name: string): { sample?: SampleData; problem?: string } {
  const errors: ParseError[] = [];
  // Own properties only: a "__proto__" key is data, not the object's prototype.
  const value = parseSampleJson(text, errors);
  if (errors.length > 0) return {
    problem: `${name} is not valid JSON (first error at character ${errors[0].offset + 1}): templates are checked without sample data.`,
  };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {
    problem: `${name} must hold a JSON object whose names the templates use: templates are checked without sample data.`,
  };
  return { sample: value };
}


/** What one folder holds for each message stem: a sample, and channel-specific siblings. */
interface StemFiles {
  sample: boolean;
  /** Channels with NAME.<channel>.umsg, in CHANNEL_IDS order. */
  channels: ChannelId[];
}

/** The stems of a listing, worked out once per listing (it is never changed once made). */
const stemsByListing = new WeakMap<ReadonlySet<string>, Map<string, StemFiles>>();

/**
 * A listing's names by stem: NAME.sample.json and NAME.<channel>.umsg under NAME. One pass
 * over the folder, so that each message looks its stem up once instead of building and
 * looking up five names.
 */
export function stemsOf(listed: ReadonlySet<string>): Map<string, StemFiles> {
  const known = stemsByListing.get(listed);
  if (known) return known;
  // A function of its own: V8 optimises its long loop over a large folder while it runs, and
  // the lookup above, not yet run then, threw that code away at the next call.
  return stemsOfListing(listed);
}

function stemsOfListing(listed: ReadonlySet<string>): Map<string, StemFiles> {
  const found = new Map<string, StemFiles>();
  const entry = (stem: string) => {
    let e = found.get(stem);
    if (!e) found.set(stem, (e = { sample: false, channels: [] }));
    return e;
  };
  for (const name of listed) {
    if (name.endsWith('.sample.json')) {
      entry(name.slice(0, -'.sample.json'.length)).sample = true;
      continue;
    }
    const channel = channelOfPath(name);
    if (channel) entry(name.slice(0, -`.${channel}.umsg`.length)).channels.push(channel);
  }
  for (const e of found.values()) if (e.channels.length > 1) e.channels.sort((a, b) => CHANNEL_IDS.indexOf(a) - CHANNEL_IDS.indexOf(b));
  stemsByListing.set(listed, found);
  return found;
}

/**
 * Where a message's side files are: NAME (the path without `.umsg`, or without `.<channel>.umsg`
 * for a channel-specific message, which renders with NAME.sample.json too, as its NAME.umsg
 * does), cut at the last separator into its folder and stem (no split of the whole path).
 */
export function messageBase(
  messagePath: string,
  channelSpecific = channelOfPath(messagePath),
): { base: string; cut: number; stem: string } {
  const base = messagePath.slice(0, -(channelSpecific ? `.${channelSpecific}.umsg` : '.umsg').length);
  const cut = Math.max(base.lastIndexOf('/'), base.lastIndexOf('\\'));
  return { base, cut, stem: base.slice(cut + 1) };
}

/** A context with nothing found around the message. */
function bareContext(channelSpecific: ChannelId | undefined): MessageContext {
  return { channelSpecific, sample: undefined, samplePath: undefined, sampleProblem: undefined, overriddenChannels: [] };
}

/**
 * The folder whose listing holds a message's side files: cut at the last '/', as
 * FolderListings does on POSIX. Undefined for a path with a backslash in its last part (a
 * Windows path, or a POSIX name holding one): `exists` is asked instead.
 */
function listingFolder(base: string, cut: number): string | undefined {
  return cut > 0 && base.charCodeAt(cut) === 47 ? base.slice(0, cut) : undefined;
}

/** Whether a listing's files of the message's stem leave nothing to read or resolve: no sample, and no sibling for it. */
function nothingBeside(stemFiles: StemFiles | undefined, channelSpecific: ChannelId | undefined): boolean {
  return !stemFiles || (!stemFiles.sample && (channelSpecific !== undefined || stemFiles.channels.length === 0));
}

/**
 * A message's context without a wait, when its folder's listing is at hand (`listedNow`) and
 * shows nothing beside it: what messageContext gives then, found without reading a file.
 * Undefined in every other case, which messageContext answers.
 */
export function contextFromListing(
  messagePath: string,
  listedNow: (dir: string) => ReadonlySet<string> | undefined,
): MessageContext | undefined {
  if (!messagePath.endsWith('.umsg')) return undefined;
  // The message's own folder: its name ends in '.umsg' or '.<channel>.umsg', which holds no separator.
  const folder = listingFolder(messagePath, Math.max(messagePath.lastIndexOf('/'), messagePath.lastIndexOf('\\')));
  const listed = folder === undefined ? undefined : listedNow(folder);
  if (!listed) return undefined;
  const stems = stemsOf(listed);
  const channelSpecific = channelOfPath(messagePath);
  // A folder without any sample or sibling (most): no stem to work out.
  if (stems.size === 0) return bareContext(channelSpecific);
  const { stem } = messageBase(messagePath, channelSpecific);
  return nothingBeside(stems.get(stem), channelSpecific) ? bareContext(channelSpecific) : undefined;
}

export async function messageContext(messagePath: string, readText: ReadText, options: ContextOptions = {}): Promise<MessageContext> {
  const ctx = bareContext(channelOfPath(messagePath));
  if (!messagePath.endsWith('.umsg')) return ctx;
  const { base, cut, stem } = messageBase(messagePath, ctx.channelSpecific);
  const samplePath = base + '.sample.json';
  const name = stem + '.sample.json';
  const folder = options.namesIn && listingFolder(base, cut);
  const listed = folder ? await options.namesIn!(folder) : undefined;
  const ask = options.exists ?? (async (p: string) => (await readText(p)) !== undefined);
  const stemFiles = listed ? stemsOf(listed).get(stem) : undefined;
  if (listed && nothingBeside(stemFiles, ctx.channelSpecific)) return ctx;
  if (listed ? stemFiles?.sample === true : await ask(samplePath)) {
    const outside = options.realPath && await linkOutOfProject(samplePath, options.within ?? [], options.realPath);
    const sampleText = outside ? undefined : await readText(samplePath);
    ctx.samplePath = samplePath;
    if (outside) {
      ctx.sampleProblem = `${linkedOut(name, outside)}: it is not read, and templates are checked without sample data.`;
    } else if (typeof sampleText === 'string') {
      const parsed = parseSample(sampleText, name);
      ctx.sample = parsed.sample;
      ctx.sampleProblem = parsed.problem;
    } else if (isUnreadable(sampleText)) {
      ctx.sampleProblem = `${name} cannot be read (${sampleText.unreadable}): templates are checked without sample data.`;
    } else {
      ctx.samplePath = undefined; // gone since it was listed
    }
  }
  if (ctx.channelSpecific) return ctx; // it is the sibling: no siblings of its own
  if (listed) {
    if (stemFiles) ctx.overriddenChannels.push(...stemFiles.channels);
  } else {
    const siblings = await Promise.all(CHANNEL_IDS.map((c) => ask(`${base}.${c}.umsg`)));
    CHANNEL_IDS.forEach((c, i) => { if (siblings[i]) ctx.overriddenChannels.push(c); });
  }
  const { realPath } = options;
  if (realPath) {
    for (const c of ctx.overriddenChannels) {
      const outside = await linkOutOfProject(`${base}.${c}.umsg`, options.within ?? [], realPath);
      if (outside) (ctx.linkedOutSiblings ??= {})[c] = `${linkedOut(`${stem}.${c}.umsg`, outside)}: it is not read.`;
    }
  }
  return ctx;
}

/**
 * What surrounds a message file: its sample data
 * NAME.sample.json, and the channel-specific messages NAME.<channel>.umsg that replace it on
 * their channel. Shared by the language server and the command line; file access comes from
 * the caller.
 */
import type { ParseError } from 'jsonc-parser';
import { CHANNEL_IDS, channelOfPath, parseSampleJson, type ChannelId, type SampleData } from '../core';
import { isUnreadable, type ReadText } from './readOutcome';

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
   * project (see `projectFolder`; none: the message's own folder), `realPath` resolves links
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

/** Whether `child` is `root` or inside it; both are real paths, compared by their segments. */
function isInside(child: string, root: string): boolean {
  let end = root.length;
  while (end > 0 && (root.charCodeAt(end - 1) === 47 || root.charCodeAt(end - 1) === 92)) end--; // trailing / or \
  const trimmed = root.slice(0, end);
  if (child === trimmed) return true;
  return child.startsWith(trimmed) && (child[trimmed.length] === '/' || child[trimmed.length] === '\\');
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
function stemsOf(listed: ReadonlySet<string>): Map<string, StemFiles> {
  const known = stemsByListing.get(listed);
  if (known) return known;
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

export async function messageContext(messagePath: string, readText: ReadText, options: ContextOptions = {}): Promise<MessageContext> {
  const ctx: MessageContext = {
    channelSpecific: !!channelOfPath(messagePath),
    sample: undefined,
    samplePath: undefined,
    sampleProblem: undefined,
    overriddenChannels: [],
  };
  if (ctx.channelSpecific || !messagePath.endsWith('.umsg')) return ctx;
  const base = messagePath.slice(0, -'.umsg'.length);
  const samplePath = base + '.sample.json'; // NAME.sample.json (a channel-specific message has none: returned above)
  // The folder and the file's name, cut at the last separator (no split of the whole path).
  const cut = Math.max(base.lastIndexOf('/'), base.lastIndexOf('\\'));
  const stem = base.slice(cut + 1);
  const name = stem + '.sample.json';
  // A listing is cut at the last '/', as FolderListings does on POSIX; a path with a
  // backslash in its last part (a Windows path, or a POSIX name holding one) asks `exists`.
  const listed = options.namesIn && cut > 0 && base.charCodeAt(cut) === 47 ? await options.namesIn(base.slice(0, cut)) : undefined;
  const ask = options.exists ?? (async (p: string) => (await readText(p)) !== undefined);
  const stemFiles = listed ? stemsOf(listed).get(stem) : undefined;
  if (listed ? stemFiles?.sample === true : await ask(samplePath)) {
    const outside = await linkOutOfProject(samplePath, options);
    const sampleText = outside ? undefined : await readText(samplePath);
    ctx.samplePath = samplePath;
    if (outside) {
      ctx.sampleProblem = `${name} is a link to ${outside.target}, outside the project (${outside.project}): ` +
        'it is not read, and templates are checked without sample data.';
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
  if (listed) {
    if (stemFiles) ctx.overriddenChannels.push(...stemFiles.channels);
    return ctx;
  }
  const siblings = await Promise.all(CHANNEL_IDS.map((c) => ask(`${base}.${c}.umsg`)));
  CHANNEL_IDS.forEach((c, i) => { if (siblings[i]) ctx.overriddenChannels.push(c); });
  return ctx;
}

/**
 * Where a sample that is a symbolic link leads, when that is outside every folder of the
 * project, with the project's first folder to name it; undefined for a plain file (wherever it
 * is: it stands beside the message), a link inside the project, or a dangling link (the read
 * then says so).
 */
async function linkOutOfProject(samplePath: string, options: ContextOptions): Promise<{ target: string; project: string } | undefined> {
  const { realPath } = options;
  if (!realPath) return undefined;
  const real = await realPath(samplePath);
  if (real === undefined) return undefined;
  const cut = Math.max(samplePath.lastIndexOf('/'), samplePath.lastIndexOf('\\'));
  const dir = samplePath.slice(0, Math.max(cut, 1));
  // Not a link: the file's real path is its folder's real path and its own name (the folder
  // itself may be reached through a link; that does not make the file one).
  const realDir = (await realPath(dir)) ?? dir;
  const separator = realDir.includes('/') || !realDir.includes('\\') ? '/' : '\\';
  const trimmed = realDir.endsWith(separator) ? realDir.slice(0, -1) : realDir;
  if (real === `${trimmed}${separator}${samplePath.slice(cut + 1)}`) return undefined;
  const within = options.within && options.within.length > 0 ? options.within : [dir];
  for (const folder of within) {
    const root = (await realPath(folder)) ?? folder;
    if (isInside(real, root)) return undefined;
  }
  return { target: real, project: within[0] };
}

/**
 * The folder a message's project spans, for the guard on linked sample data: the project root
 * the config lookup found (a folder with `.git`, a config with `"root": true`, or a workspace
 * folder), else the message's own folder. Never the current folder: where a command runs from
 * says nothing about the message's project.
 */
export function projectFolder(messagePath: string, root: string | undefined): string {
  if (root !== undefined) return root;
  const cut = Math.max(messagePath.lastIndexOf('/'), messagePath.lastIndexOf('\\'));
  return messagePath.slice(0, Math.max(cut, 1));
}

/**
 * Which file the preview draws for the file in the editor. A sample NAME.sample.json draws its
 * message NAME.umsg. A channel-specific NAME.<channel>.umsg draws NAME.umsg (the sibling in its
 * channel's column) when NAME.umsg exists beside it, else itself alone: its channel's column.
 * Pure (paths in, a path out), so it is tested without VS Code.
 */
const CHANNELS = ['messenger', 'gbm', 'whatsapp', 'rcs'];

/** NAME for NAME.umsg, NAME.sample.json and NAME.<channel>.umsg; undefined for other files. */
function stemOf(path: string): string | undefined {
  if (path.endsWith('.sample.json')) return path.slice(0, -'.sample.json'.length);
  for (const c of CHANNELS) if (path.endsWith(`.${c}.umsg`)) return path.slice(0, -`.${c}.umsg`.length);
  if (path.endsWith('.umsg')) return path.slice(0, -'.umsg'.length);
  return undefined;
}

/** The message NAME.umsg a sample or a channel-specific sibling belongs to; undefined for any other file. */
export function messageOf(path: string): string | undefined {
  const stem = stemOf(path);
  return stem === undefined || `${stem}.umsg` === path ? undefined : `${stem}.umsg`;
}

/** The file to preview for `path`, given whether its message NAME.umsg exists (open or on disk). */
export function previewTarget(path: string, messageExists: boolean): string {
  const message = messageOf(path);
  if (message === undefined) return path;
  if (path.endsWith('.sample.json')) return message;
  return messageExists ? message : path;
}

/** True when a drawing of `followed` reads `path`: the same NAME's message, sample or siblings (or the file itself). */
export function drawingReads(followed: string, path: string): boolean {
  if (followed === path) return true;
  const stem = stemOf(followed);
  return stem !== undefined && stem === stemOf(path);
}

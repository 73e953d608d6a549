/**
 * The preview's view model: what the preview panel draws for a message, one column per
 * target channel, as plain data (sent to the webview as JSON; media/preview/preview.js draws it).
 */
import type { ChannelId, ChannelModel } from '../../channels';
import type { ResolvedConfig } from '../../findings/config';
import type { SampleData } from '../../template/render';
import type { JsonValue } from '../../template/templateEval';

export type PreviewMode = 'template' | 'sample';
export type Verdict = 'sent' | 'shortened' | 'rejected' | 'dropped' | 'override';

/** A range of the message text, in UTF-16 offsets (what editors' offsetAt gives). */
export interface SourceRange {
  offset: number;
  length: number;
}

/** A run of drawn text: plain, or a template `${…}` left as written (drawn as a chip). */
export interface Segment {
  text: string;
  template?: true;
}

export interface DrawnText {
  segments: Segment[];
  /** The whole text as the channel receives it. */
  text: string;
  /** Its length in code points (the unit of every limit). */
  length: number;
  source?: SourceRange;
}

export interface DrawnMedia {
  /** Height in CSS pixels (Google's SHORT, MEDIUM and TALL), when the channel fixes one. */
  height?: number;
  /** Width over height, when the channel crops to a ratio (Messenger: 1.91). */
  aspect?: number;
  url: string;
  /** The URL's host, shown on the placeholder (remote images are not fetched by default). */
  host: string | undefined;
  /** True for an https URL: the only kind the preview may ever load. */
  https: boolean;
  altText?: string;
  source?: SourceRange;
}

export interface DrawnButton {
  label: DrawnText;
  /** What tapping does on this channel. */
  action: 'reply' | 'url' | 'call';
  /** The URL or phone number the button carries on this channel. */
  target?: string;
  source?: SourceRange;
}

export interface VerdictReason {
  verdict: Exclude<Verdict, 'sent'>;
  message: string;
  /** The rule whose finding explains it, when one does. */
  rule?: string;
  /** Where in the message (the finding's range, or the dropped field). */
  range?: SourceRange;
}

/** One of the specification's events as a channel shows it to the customer (the preview's events option). */
export interface DrawnEvent {
  event: 'DELIVERED' | 'READ' | 'IS_TYPING';
  /** The mark drawn ("Seen", "Read"). */
  mark: string;
  /** What the customer sees, how the platform makes it, and the page that says so (hover). */
  detail: string;
  /** The channel's page that states it. */
  source: string;
  /** IS_TYPING: how long the indicator lasts at most. */
  seconds?: number;
}

export interface ColumnEvents {
  /** In the order the customer sees them: marks on their message, then the typing indicator. */
  shown: DrawnEvent[];
  /** The events this channel does not show the customer, and why. */
  notShown: { event: DrawnEvent['event']; why: string }[];
  /** Which events the channel shows, in one line ("Messenger: read receipt (Seen), …"). */
  summary: string;
}

/**
 * Which of the channel's message types is drawn: the card's translation, or a channel-specific
 * message in native form (`list`: WhatsApp's list message; `carousel`: cards side by side).
 */
type Layout = 'generic' | 'richCard' | 'interactive' | 'list' | 'carousel' | 'text' | 'image' | 'override';

/** One card of a carousel (Messenger's generic template elements, Google's and RCS's carousel cards). */
export interface DrawnCard {
  media?: DrawnMedia;
  title?: DrawnText;
  subtitle?: DrawnText;
  buttons: DrawnButton[];
  source?: SourceRange;
}

/** WhatsApp's list message: the button that opens it, and the sheet it opens (drawn open). */
export interface DrawnList {
  button: DrawnText;
  sections: {
    title?: DrawnText;
    rows: { title: DrawnText; description?: DrawnText; source?: SourceRange }[];
    source?: SourceRange;
  }[];
}

export interface ChannelColumn {
  channel: ChannelId;
  name: string;
  /** The channel's status note (Google Business Messages stopped in July 2024). */
  note?: string;
  verdict: Verdict;
  reasons: VerdictReason[];
  layout: Layout;
  /** The message type in words ("generic template", "text message"). */
  messageType: string;
  media?: DrawnMedia;
  title?: DrawnText;
  /** Messenger's subtitle, Google's description, WhatsApp's footer. */
  subtitle?: DrawnText;
  /** WhatsApp's text message body or image caption. */
  body?: DrawnText;
  /** Buttons drawn in the card or bubble. */
  buttons: DrawnButton[];
  /** Quick replies (Messenger) or message-level suggestions (Google), drawn under the message. */
  chips: DrawnButton[];
  /** A text header above the body (WhatsApp's interactive header of type text). */
  header?: DrawnText;
  /** The cards of a carousel. */
  cards?: DrawnCard[];
  /** WhatsApp's list message. */
  list?: DrawnList;
  /**
   * The channel-specific file this column draws (NAME.<channel>.umsg): its source ranges are
   * offsets in that file, not in the previewed message.
   */
  file?: string;
  /** For a channel with its own NAME.<channel>.umsg: that file and its content, rendered. */
  override?: { file: string; text: string };
  /** The platform's events as this channel shows them, drawn before the card when the option is on. */
  events: ColumnEvents;
  /** What the drawing is known to get approximately. */
  approximate: string;
  /** The payload drawn (what `umsg render --channel` prints). */
  payload: JsonValue | undefined;
}

export interface ListChoice {
  /** The list expression after `// @each`. */
  expression: string;
  /** Elements in the sample data, when the sample holds the list. */
  sampleLength: number | undefined;
  /** The length drawn. */
  length: number;
  /** The lengths the stepper offers: 0, 1, 2 and N. */
  choices: number[];
  /** False when the list expression is not a plain path, so its length cannot be chosen. */
  adjustable: boolean;
  source: SourceRange;
}

export interface MessagePreview {
  kind: 'message';
  mode: PreviewMode;
  /** Set when nothing could be drawn: the message does not parse or render. */
  error?: { message: string; offset: number | undefined };
  /** A one-line notice instead of a drawing (file over maxFileSize). */
  notice?: string;
  list?: ListChoice;
  columns: ChannelColumn[];
  /** Templates left as written, and why (sample mode). */
  unevaluated: { expression: string; reason: string; range: SourceRange }[];
}

export interface MessageInput {
  text: string;
  sample?: SampleData;
  config?: ResolvedConfig;
  mode?: PreviewMode;
  /** The dynamic list's length to draw; undefined: the sample's own (sample mode) or 1 (template mode). */
  listLength?: number;
  /** The channel models to draw (the registry's, in its order, by default; tests pass their own). */
  channels?: readonly ChannelModel[];
  /** Channel-specific siblings: channel → file name and text (NAME.<channel>.umsg). */
  overrides?: Partial<Record<ChannelId, { file: string; text: string }>>;
}

/** The longest list the stepper draws: beyond every channel's count limit, small enough to draw. */

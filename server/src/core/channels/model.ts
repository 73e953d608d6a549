/**
 * What a channel is, as every part of umsg reads it: the checks (channel-limit), render's
 * translation, hover's per-channel table, inlay hints, the channel summary and the preview.
 * One file per channel (`messenger.ts`, `gbm.ts`, `whatsapp.ts`) holds all of that channel's
 * facts; adding a channel means adding one file to `index.ts` plus its tests.
 */
import { codePointLength as codePoints } from '../util/codePoints';
import type { JsonValue } from '../template/templateEval';
import { urlProblem } from '../model/url';

export type ChannelId = 'messenger' | 'gbm' | 'whatsapp' | 'rcs';

/** Text fields with a length limit, and lists with a count limit (the specification's "Limits" table). */
export type LimitedText = 'title' | 'description' | 'display' | 'payload';
type LimitedList = 'insideActions' | 'floatActions';
type ActionType = 'reply' | 'click' | 'call';

export type Obj = { [key: string]: JsonValue };

/** Something the channel's published API rejects in a payload. */
export interface ApiProblem {
  /** Where in the payload, as a dotted path (`interactive.action.buttons[3].reply.title`). */
  path: string;
  /** What is wrong, in the API's terms. */
  message: string;
  /**
   * The rules whose findings explain this problem in the message. `umsg check` reports one of
   * them for this channel whenever render prints such a payload (a property test holds this).
   */
  explainedBy: readonly string[];
}

/** How a channel shows the customer one of the specification's events. */
export interface EventFact {
  /** The mark the customer sees ("Seen", "Read"), drawn in the preview. */
  readonly mark: string;
  /** What the customer sees, and how the platform makes it happen, in the API's terms (hover). */
  readonly sentAs: string;
  /** The channel's page that states it. */
  readonly source: string;
  /** For the typing indicator: how long it lasts at most, when the page says. */
  readonly seconds?: number;
}

interface ChannelEvents {
  /** DELIVERED: a delivery mark on the customer's message. */
  readonly delivered?: EventFact;
  /** READ: a read receipt on the customer's message. */
  readonly read?: EventFact;
  /** IS_TYPING: the agent's typing indicator. */
  readonly typing?: EventFact;
}

/**
 * The specification's IS_TYPING indicator expires after about this many seconds, or when a new
 * message from the agent arrives (its "Events" table and "Limits", 3).
 */
export const TYPING_EXPIRES_AFTER_SECONDS = 20;

export interface ChannelModel {
  readonly id: ChannelId;
  /** The name shown to users. */
  readonly name: string;
  /** A fact about the channel's status shown in hover, the docs and the preview. */
  readonly note?: string;
  /** The severity of the channel's findings when neither the config nor the settings name it. */
  readonly defaultSeverity: 'warning' | 'off';
  /** The thumbnail's size limit in words, when the channel states one (hover). */
  readonly thumbnailLimit?: string;
  /** How lengths are counted: Unicode code points, the specification's "characters". */
  readonly countingUnit: 'code points';
  /** The specification's "Limits" table for this channel; undefined where it gives a dash. */
  readonly text: Readonly<Record<LimitedText, number | undefined>>;
  readonly count: Readonly<Record<LimitedList, number | undefined>>;
  /** Inside actions are "text only": click and call are sent as plain reply buttons. */
  readonly insideTextOnly: boolean;
  /** Inside and float actions are sent together as one row of at most this many buttons. */
  readonly buttonsInAll?: number;
  /** Button titles (display) and ids (payload) must be unique across the card. */
  readonly uniqueButtons: boolean;
  /** A call button's number must be + and digits only (no separators). */
  readonly callNumberDigitsOnly: boolean;
  /** A float action (quick reply) needs a non-empty payload. */
  readonly floatPayloadRequired: boolean;
  /**
   * A card without actions is sent as another message whose text (title, a blank line,
   * description) has this limit when the card has media (WhatsApp: an image caption).
   */
  readonly captionWithoutActions?: number;
  /** What the channel makes of each universal part, in words (hover and preview). */
  readonly sentAs: {
    readonly title: string;
    readonly description: string;
    readonly richMedia: string;
    readonly floatActions: string;
    readonly actions: Readonly<Record<ActionType, string>>;
  };
  /**
   * What the customer sees of the specification's events on this channel (READ, IS_TYPING,
   * DELIVERED), each from the channel's own page; an event the channel's documentation does not
   * show to the customer is left out. The preview draws them, as an option.
   */
  readonly events: ChannelEvents;
  /** Universal fields the translation drops (dotted paths of the card: `richMedia.altText`). */
  readonly dropped: readonly string[];
  /** The payload this channel receives for a rendered universal card. */
  translate(card: Obj): Obj;
  /** What the channel's published API rejects in a payload (field limits, required parts). */
  validate(payload: Obj): ApiProblem[];
}

// Helpers shared by the channel files: reading a rendered card and checking a payload.

export interface CardAction {
  type: string;
  display: string | undefined;
  payload: string | undefined;
  url: string | undefined;
  phoneNumber: string | undefined;
}

export function str(v: JsonValue | undefined): string | undefined {
  return typeof v === 'string' ? v : v === undefined || v === null ? undefined : JSON.stringify(v);
}

export function cardActions(card: Obj, list: LimitedList): CardAction[] {
  const value = card[list];
  if (!Array.isArray(value)) return [];
  return value.filter((a): a is Obj => !!a && typeof a === 'object' && !Array.isArray(a)).map((a) => ({
    type: str(a.type) ?? 'reply',
    display: str(a.display),
    payload: str(a.payload),
    url: str(a.url),
    phoneNumber: str(a.phoneNumber),
  }));
}

export function cardMedia(card: Obj): Obj | undefined {
  const m = card.richMedia;
  return m && typeof m === 'object' && !Array.isArray(m) ? m : undefined;
}

/** Removes undefined members, so that the payload prints as the channel gets it. */
export function clean(value: unknown): Obj {
  return JSON.parse(JSON.stringify(value)) as Obj;
}

/** Collects a payload's API problems; each check names the rules that explain it. */
export class Problems {
  readonly list: ApiProblem[] = [];
  add(path: string, message: string, explainedBy: readonly string[]): void {
    this.list.push({ path, message, explainedBy });
  }
  /** A string that must be present, not blank, and at most `max` code points long. */
  text(
    path: string,
    value: JsonValue | undefined,
    max: number | undefined,
    missing: readonly string[],
    tooLong: readonly string[] = ['channel-limit'],
  ): void {
    if (typeof value !== 'string' || value.trim().length === 0) {
      this.add(path, `${path} is required and must not be empty.`, missing);
      return;
    }
    if (max !== undefined && codePoints(value) > max) this.add(
      path,
      `${path} has ${codePoints(value)} characters: at most ${max}.`,
      tooLong,
    );
  }
  /** An optional string of at most `max` code points. */
  optionalText(path: string, value: JsonValue | undefined, max: number | undefined, empty?: readonly string[]): void {
    if (value === undefined) return;
    if (typeof value !== 'string') { this.add(path, `${path} must be a string.`, ['value-type']); return; }
    if (empty && value.trim().length === 0) { this.add(path, `${path} must not be empty.`, empty); return; }
    if (max !== undefined && codePoints(value) > max) this.add(
      path,
      `${path} has ${codePoints(value)} characters: at most ${max}.`,
      ['channel-limit'],
    );
  }
  count(path: string, items: readonly unknown[] | undefined, max: number | undefined): void {
    if (items && max !== undefined && items.length > max) this.add(
      path,
      `${path} has ${items.length} items: at most ${max}.`,
      ['channel-limit'],
    );
  }
  /** An absolute http or https URL. */
  url(path: string, value: JsonValue | undefined, explainedBy: readonly string[]): void {
    if (typeof value !== 'string' || !isHttpUrl(value)) this.add(path, `${path} must be an absolute http or https URL.`, explainedBy);
  }
}

/**
 * Absolute http(s) URL with a host: what every channel's API fetches. The same test as the
 * media-url and action-url rules (urlCheck.ts), so that what the check accepts, the API does.
 */
function isHttpUrl(s: string): boolean {
  return urlProblem('url', {
    staticText: s,
    staticLength: codePoints(s),
    templates: [],
    wholly: false,
    prefix: s,
    segments: [s],
  }) === undefined;
}

/**
 * An independent validator of native messages for Messenger, Google Business Messages and
 * RCS, written by hand from the channels' API reference pages and not from umsg's formats
 * (server/src/core/channels/native/): property tests hold the formats against it. It takes a
 * plain JSON payload (no templates) and returns what the channel would reject, one line each;
 * fields the platform sets are accepted silently. Lengths are counted in code points.
 *
 * Pages:
 * - Messenger: developers.facebook.com, Send API reference; Messenger Platform "Send messages":
 *   quick replies, generic, button and media templates, URL, postback, call, log in and log out
 *   buttons; the Attachment Upload API reference.
 * - Google Business Messages: developers.google.com/business-communications/business-messages,
 *   REST reference conversations.messages (Message and the objects it contains).
 * - RCS: developers.google.com/business-communications/rcs-business-messaging, REST reference
 *   phones.agentMessages (AgentContentMessage and the objects it contains).
 */

export type OracleChannel = 'messenger' | 'gbm' | 'rcs';

/** What the channel would reject in `payload`, one problem a line; empty when it would take it. */
export function oracleProblems(channel: OracleChannel, payload: unknown): string[] {
  const v = new Validator();
  if (channel === 'messenger') messengerMessage(v, payload);
  else if (channel === 'gbm') gbmMessage(v, payload);
  else rcsMessage(v, payload);
  return v.problems;
}

type Obj = Record<string, unknown>;

interface StringRule {
  required?: boolean;
  min?: number;
  max?: number;
  oneOf?: readonly string[];
  url?: 'http' | 'https';
  phone?: 'plus-digits' | 'e164' | 'rfc3966';
}

interface CountRule {
  required?: boolean;
  min?: number;
  max?: number;
}

class Validator {
  readonly problems: string[] = [];

  add(path: string, message: string): void {
    this.problems.push(`${path || '(message)'}: ${message}`);
  }

  /** An object with only the keys given (and the platform's, accepted silently); false when it is not an object. */
  object(value: unknown, path: string, keys: readonly string[], platform: readonly string[] = []): value is Obj {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.add(path, 'must be an object');
      return false;
    }
    for (const k of Object.keys(value)) {
      if (!keys.includes(k) && !platform.includes(k)) this.add(join(path, k), 'is not a field here');
    }
    return true;
  }

  string(o: Obj, key: string, path: string, rule: StringRule = {}): void {
    const p = join(path, key);
    if (!(key in o)) {
      if (rule.required) this.add(p, 'is required');
      return;
    }
    const s = o[key];
    if (typeof s !== 'string') {
      this.add(p, 'must be a string');
      return;
    }
    const length = [...s].length;
    if (rule.max !== undefined && length > rule.max) this.add(p, `is longer than ${rule.max} characters`);
    if (rule.min !== undefined && length < rule.min) this.add(p, `is shorter than ${rule.min} characters`);
    if (rule.oneOf && !rule.oneOf.includes(s)) this.add(p, `must be one of ${rule.oneOf.join(', ')}`);
    if (rule.url && !isWebUrl(s, rule.url)) this.add(p, `must be an absolute ${rule.url === 'https' ? 'https' : 'http or https'} URL`);
    if (rule.phone && !isPhone(s, rule.phone)) this.add(p, `must be a phone number (${rule.phone})`);
  }

  boolean(o: Obj, key: string, path: string): void {
    if (key in o && typeof o[key] !== 'boolean') this.add(join(path, key), 'must be true or false');
  }

  number(o: Obj, key: string, path: string, min: number, max: number, required: boolean): void {
    const p = join(path, key);
    if (!(key in o)) {
      if (required) this.add(p, 'is required');
      return;
    }
    const n = o[key];
    if (typeof n !== 'number') this.add(p, 'must be a number');
    else if (n < min || n > max) this.add(p, `must be from ${min} to ${max}`);
  }

  /** The items of an array field (empty when absent or not an array), its count checked. */
  array(o: Obj, key: string, path: string, rule: CountRule): unknown[] {
    const p = join(path, key);
    if (!(key in o)) {
      if (rule.required) this.add(p, 'is required');
      return [];
    }
    const a = o[key];
    if (!Array.isArray(a)) {
      this.add(p, 'must be an array');
      return [];
    }
    if (rule.max !== undefined && a.length > rule.max) this.add(p, `has more than ${rule.max} items`);
    if (rule.min !== undefined && a.length < rule.min) this.add(p, `has fewer than ${rule.min} items`);
    return a;
  }

  /** Each item of an array field, with its path, after the count check. */
  each(o: Obj, key: string, path: string, rule: CountRule, check: (item: unknown, path: string) => void): void {
    this.array(o, key, path, rule).forEach((item, i) => check(item, join(join(path, key), i)));
  }

  /** Exactly one (or at most one) of the keys is present; returns the one present, if exactly one. */
  pick(o: Obj, keys: readonly string[], path: string, exactly: boolean): string | undefined {
    const present = keys.filter((k) => k in o);
    if (present.length > 1) this.add(path, `takes only one of ${keys.join(', ')}`);
    else if (present.length === 0 && exactly) this.add(path, `needs one of ${keys.join(', ')}`);
    return present.length === 1 ? present[0] : undefined;
  }

  /** A field that must be an object, validated by `check` when present. */
  nested(o: Obj, key: string, path: string, required: boolean, check: (value: unknown, path: string) => void): void {
    if (key in o) check(o[key], join(path, key));
    else if (required) this.add(join(path, key), 'is required');
  }
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** An absolute http(s) URL with a host and no white space, read with a plain scan. */
function isWebUrl(s: string, scheme: 'http' | 'https'): boolean {
  const lower = s.toLowerCase();
  const prefixes = scheme === 'https' ? ['https://'] : ['http://', 'https://'];
  const prefix = prefixes.find((x) => lower.startsWith(x));
  if (!prefix) return false;
  const first = s.charAt(prefix.length);
  if (first === '' || first === '/' || first === '?' || first === '#') return false;
  return !/\s/.test(s);
}

function isPhone(s: string, form: 'plus-digits' | 'e164' | 'rfc3966'): boolean {
  if (!s.startsWith('+')) return false;
  const rest = s.slice(1);
  const digits = rest.replace(/\D/g, '').length;
  if (form === 'rfc3966') return digits > 0 && /^[0-9().-]+$/.test(rest);
  if (!/^\d+$/.test(rest)) return false;
  // E.164: a country code and a subscriber number of at most 15 digits in all.
  return form === 'e164' ? digits <= 15 : true;
}

// Messenger: the Send API's message object.

const MESSENGER_BUTTON_TYPES = ['web_url', 'postback', 'phone_number', 'account_link', 'account_unlink'];

function messengerMessage(v: Validator, m: unknown): void {
  const platform = ['recipient', 'messaging_type', 'tag', 'notification_type'];
  if (!v.object(m, '', ['text', 'attachment', 'quick_replies', 'metadata'], platform)) return;
  v.pick(m, ['text', 'attachment'], '', true);
  v.string(m, 'text', '', { min: 1 });
  v.string(m, 'metadata', '');
  v.nested(m, 'attachment', '', false, (a, p) => messengerAttachment(v, a, p));
  v.each(m, 'quick_replies', '', { max: 13 }, (q, ip) => messengerQuickReply(v, q, ip));
}

function messengerAttachment(v: Validator, a: unknown, path: string): void {
  if (!v.object(a, path, ['type', 'payload'])) return;
  v.string(a, 'type', path, { required: true, oneOf: ['image', 'audio', 'video', 'file', 'template'] });
  if (a.type === 'template') v.nested(a, 'payload', path, true, (t, p) => messengerTemplate(v, t, p));
  else v.nested(a, 'payload', path, true, (m, p) => messengerMediaPayload(v, m, p));
}

function messengerMediaPayload(v: Validator, m: unknown, path: string): void {
  if (!v.object(m, path, ['url', 'is_reusable', 'attachment_id'])) return;
  v.pick(m, ['url', 'attachment_id'], path, true);
  v.string(m, 'url', path, { url: 'http' });
  v.string(m, 'attachment_id', path);
  v.boolean(m, 'is_reusable', path);
}

function messengerTemplate(v: Validator, t: unknown, path: string): void {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) {
    v.add(path, 'must be an object');
    return;
  }
  const kind = (t as Obj).template_type;
  if (kind === 'generic') {
    if (!v.object(t, path, ['template_type', 'elements', 'sharable'])) return;
    v.boolean(t, 'sharable', path);
    v.each(t, 'elements', path, { required: true, max: 10 }, (e, ip) => messengerGenericElement(v, e, ip));
  } else if (kind === 'button') {
    if (!v.object(t, path, ['template_type', 'text', 'buttons'])) return;
    v.string(t, 'text', path, { required: true, max: 640 });
    v.each(t, 'buttons', path, { required: true, min: 1, max: 3 }, (b, ip) => messengerButton(v, b, ip));
  } else if (kind === 'media') {
    if (!v.object(t, path, ['template_type', 'elements', 'sharable'])) return;
    v.boolean(t, 'sharable', path);
    v.each(t, 'elements', path, { required: true, min: 1, max: 1 }, (e, ip) => messengerMediaElement(v, e, ip));
  } else {
    v.add(join(path, 'template_type'), 'must be generic, button or media');
  }
}

function messengerGenericElement(v: Validator, e: unknown, path: string): void {
  if (!v.object(e, path, ['title', 'subtitle', 'image_url', 'default_action', 'buttons'])) return;
  v.string(e, 'title', path, { required: true, max: 80 });
  v.string(e, 'subtitle', path, { max: 80 });
  v.string(e, 'image_url', path, { url: 'http' });
  v.nested(e, 'default_action', path, false, (d, p) => {
    if (!v.object(d, p, ['type', 'url', 'webview_height_ratio', 'messenger_extensions', 'fallback_url'])) return;
    v.string(d, 'type', p, { required: true, oneOf: ['web_url'] });
    urlButtonFields(v, d, p);
  });
  v.each(e, 'buttons', path, { max: 3 }, (b, ip) => messengerButton(v, b, ip));
}

function messengerMediaElement(v: Validator, e: unknown, path: string): void {
  if (!v.object(e, path, ['media_type', 'attachment_id', 'url', 'buttons'])) return;
  v.string(e, 'media_type', path, { required: true, oneOf: ['image', 'video'] });
  v.pick(e, ['attachment_id', 'url'], path, true);
  v.string(e, 'attachment_id', path);
  v.string(e, 'url', path, { url: 'http' });
  v.each(e, 'buttons', path, { max: 3 }, (b, ip) => messengerButton(v, b, ip));
}

function urlButtonFields(v: Validator, b: Obj, path: string): void {
  v.string(b, 'url', path, { required: true, url: 'http' });
  v.string(b, 'webview_height_ratio', path, { oneOf: ['compact', 'tall', 'full'] });
  v.boolean(b, 'messenger_extensions', path);
  v.string(b, 'fallback_url', path, { url: 'http' });
}

function messengerButton(v: Validator, b: unknown, path: string): void {
  if (typeof b !== 'object' || b === null || Array.isArray(b)) {
    v.add(path, 'must be an object');
    return;
  }
  const type = (b as Obj).type;
  if (typeof type !== 'string' || !MESSENGER_BUTTON_TYPES.includes(type)) {
    v.add(join(path, 'type'), `must be one of ${MESSENGER_BUTTON_TYPES.join(', ')}`);
    return;
  }
  if (type === 'web_url') {
    if (!v.object(b, path, ['type', 'title', 'url', 'webview_height_ratio', 'messenger_extensions', 'fallback_url'])) return;
    v.string(b, 'title', path, { required: true, max: 20 });
    urlButtonFields(v, b, path);
  } else if (type === 'postback') {
    if (!v.object(b, path, ['type', 'title', 'payload'])) return;
    v.string(b, 'title', path, { required: true, max: 20 });
    v.string(b, 'payload', path, { required: true, max: 1000 });
  } else if (type === 'phone_number') {
    if (!v.object(b, path, ['type', 'title', 'payload'])) return;
    v.string(b, 'title', path, { required: true, max: 20 });
    v.string(b, 'payload', path, { required: true, phone: 'plus-digits' });
  } else if (type === 'account_link') {
    if (!v.object(b, path, ['type', 'url'])) return;
    v.string(b, 'url', path, { required: true, url: 'https' });
  } else {
    v.object(b, path, ['type']);
  }
}

function messengerQuickReply(v: Validator, q: unknown, path: string): void {
  if (typeof q !== 'object' || q === null || Array.isArray(q)) {
    v.add(path, 'must be an object');
    return;
  }
  const type = (q as Obj).content_type;
  if (type === 'text') {
    if (!v.object(q, path, ['content_type', 'title', 'payload', 'image_url'])) return;
    v.string(q, 'title', path, { required: true, max: 20 });
    v.string(q, 'payload', path, { required: true, max: 1000 });
    v.string(q, 'image_url', path, { url: 'http' });
  } else if (type === 'user_phone_number' || type === 'user_email') {
    v.object(q, path, ['content_type']);
  } else {
    v.add(join(path, 'content_type'), 'must be text, user_phone_number or user_email');
  }
}

// Google Business Messages: the content of a Message.

const GBM_HEIGHTS = ['HEIGHT_UNSPECIFIED', 'SHORT', 'MEDIUM', 'TALL'];
const CARD_WIDTHS = ['CARD_WIDTH_UNSPECIFIED', 'SMALL', 'MEDIUM'];

function gbmMessage(v: Validator, m: unknown): void {
  const fields = ['text', 'image', 'richCard', 'suggestions', 'fallback', 'containsRichText'];
  if (!v.object(m, '', fields, ['name', 'messageId', 'representative'])) return;
  v.pick(m, ['text', 'image', 'richCard'], '', true);
  v.string(m, 'text', '', { max: 3072 });
  v.string(m, 'fallback', '', { max: 3072 });
  v.boolean(m, 'containsRichText', '');
  v.nested(m, 'image', '', false, (i, p) => {
    if (v.object(i, p, ['contentInfo'])) v.nested(i, 'contentInfo', p, true, (c, cp) => gbmContentInfo(v, c, cp));
  });
  v.nested(m, 'richCard', '', false, (r, p) => gbmRichCard(v, r, p));
  v.each(m, 'suggestions', '', { max: 13 }, (s, ip) => gbmSuggestion(v, s, ip));
}

function gbmContentInfo(v: Validator, c: unknown, path: string): void {
  if (!v.object(c, path, ['fileUrl', 'thumbnailUrl', 'forceRefresh', 'altText'])) return;
  v.string(c, 'fileUrl', path, { required: true, url: 'http' });
  v.string(c, 'thumbnailUrl', path, { url: 'http' });
  v.boolean(c, 'forceRefresh', path);
  v.string(c, 'altText', path);
}

function gbmRichCard(v: Validator, r: unknown, path: string): void {
  if (!v.object(r, path, ['standaloneCard', 'carouselCard'])) return;
  v.pick(r, ['standaloneCard', 'carouselCard'], path, true);
  v.nested(r, 'standaloneCard', path, false, (s, p) => {
    if (v.object(s, p, ['cardContent'])) v.nested(s, 'cardContent', p, true, (c, cp) => gbmCardContent(v, c, cp));
  });
  v.nested(r, 'carouselCard', path, false, (c, p) => {
    if (!v.object(c, p, ['cardWidth', 'cardContents'])) return;
    v.string(c, 'cardWidth', p, { oneOf: CARD_WIDTHS });
    v.each(c, 'cardContents', p, { required: true, min: 2, max: 10 }, (x, ip) => gbmCardContent(v, x, ip));
  });
}

function gbmCardContent(v: Validator, c: unknown, path: string): void {
  if (!v.object(c, path, ['title', 'description', 'media', 'suggestions'])) return;
  v.string(c, 'title', path, { max: 200 });
  v.string(c, 'description', path, { max: 2000 });
  v.nested(c, 'media', path, false, (m, p) => {
    if (!v.object(m, p, ['height', 'contentInfo'])) return;
    v.string(m, 'height', p, { oneOf: GBM_HEIGHTS });
    v.nested(m, 'contentInfo', p, true, (ci, cp) => gbmContentInfo(v, ci, cp));
  });
  v.each(c, 'suggestions', path, { max: 4 }, (s, ip) => gbmSuggestion(v, s, ip));
}

function gbmSuggestion(v: Validator, s: unknown, path: string): void {
  if (!v.object(s, path, ['reply', 'action', 'liveAgentRequest', 'authenticationRequest'])) return;
  v.pick(s, ['reply', 'action', 'liveAgentRequest', 'authenticationRequest'], path, true);
  v.nested(s, 'reply', path, false, (r, p) => {
    if (!v.object(r, p, ['text', 'postbackData'])) return;
    v.string(r, 'text', p, { required: true, max: 25 });
    v.string(r, 'postbackData', p, { max: 2048 });
  });
  v.nested(s, 'action', path, false, (a, p) => {
    if (!v.object(a, p, ['text', 'postbackData', 'openUrlAction', 'dialAction'])) return;
    v.string(a, 'text', p, { required: true, max: 25 });
    v.string(a, 'postbackData', p, { max: 2048 });
    v.pick(a, ['openUrlAction', 'dialAction'], p, true);
    v.nested(a, 'openUrlAction', p, false, (o, op) => {
      if (v.object(o, op, ['url'])) v.string(o, 'url', op, { required: true, url: 'http' });
    });
    v.nested(a, 'dialAction', p, false, (d, dp) => {
      if (v.object(d, dp, ['phoneNumber'])) v.string(d, 'phoneNumber', dp, { required: true, phone: 'rfc3966' });
    });
  });
  v.nested(s, 'liveAgentRequest', path, false, (l, p) => v.object(l, p, []));
  v.nested(s, 'authenticationRequest', path, false, (a, p) => {
    if (!v.object(a, p, ['oauth'])) return;
    v.nested(a, 'oauth', p, true, (o, op) => {
      if (!v.object(o, op, ['clientId', 'codeChallenge', 'scopes', 'codeChallengeMethod'])) return;
      v.string(o, 'clientId', op, { required: true });
      v.string(o, 'codeChallenge', op, { required: true });
      v.string(o, 'codeChallengeMethod', op);
      v.array(o, 'scopes', op, { required: true }).forEach((x, i) => {
        if (typeof x !== 'string') v.add(join(join(op, 'scopes'), i), 'must be a string');
      });
    });
  });
}

// RCS: the agent's content message.

const RCS_ACTIONS = ['dialAction', 'viewLocationAction', 'createCalendarEventAction', 'openUrlAction', 'shareLocationAction'];

function rcsMessage(v: Validator, m: unknown): void {
  const content = ['text', 'fileName', 'uploadedRbmFile', 'richCard', 'contentInfo'];
  if (!v.object(m, '', [...content, 'suggestions'])) return;
  v.pick(m, content, '', true);
  v.string(m, 'text', '');
  v.string(m, 'fileName', '');
  v.nested(m, 'contentInfo', '', false, (c, p) => rcsContentInfo(v, c, p));
  v.nested(m, 'richCard', '', false, (r, p) => rcsRichCard(v, r, p));
  v.each(m, 'suggestions', '', { max: 11 }, (s, ip) => rcsSuggestion(v, s, ip));
}

function rcsContentInfo(v: Validator, c: unknown, path: string): void {
  if (!v.object(c, path, ['fileUrl', 'thumbnailUrl', 'forceRefresh'])) return;
  v.string(c, 'fileUrl', path, { required: true, url: 'http' });
  v.string(c, 'thumbnailUrl', path, { url: 'http' });
  v.boolean(c, 'forceRefresh', path);
}

function rcsRichCard(v: Validator, r: unknown, path: string): void {
  if (!v.object(r, path, ['standaloneCard', 'carouselCard'])) return;
  v.pick(r, ['standaloneCard', 'carouselCard'], path, true);
  v.nested(r, 'standaloneCard', path, false, (s, p) => {
    if (!v.object(s, p, ['cardOrientation', 'thumbnailImageAlignment', 'cardContent'])) return;
    v.string(s, 'cardOrientation', p, { oneOf: ['CARD_ORIENTATION_UNSPECIFIED', 'HORIZONTAL', 'VERTICAL'] });
    v.string(s, 'thumbnailImageAlignment', p, { oneOf: ['THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED', 'LEFT', 'RIGHT'] });
    v.nested(s, 'cardContent', p, true, (c, cp) => rcsCardContent(v, c, cp));
  });
  v.nested(r, 'carouselCard', path, false, (c, p) => {
    if (!v.object(c, p, ['cardWidth', 'cardContents'])) return;
    v.string(c, 'cardWidth', p, { oneOf: CARD_WIDTHS });
    v.each(c, 'cardContents', p, { required: true, min: 2, max: 10 }, (x, ip) => rcsCardContent(v, x, ip));
  });
}

function rcsCardContent(v: Validator, c: unknown, path: string): void {
  if (!v.object(c, path, ['title', 'description', 'media', 'suggestions'])) return;
  v.string(c, 'title', path, { max: 200 });
  v.string(c, 'description', path, { max: 2000 });
  v.nested(c, 'media', path, false, (m, p) => {
    if (!v.object(m, p, ['fileName', 'contentInfo', 'height'])) return;
    v.pick(m, ['fileName', 'contentInfo'], p, true);
    v.string(m, 'fileName', p);
    v.nested(m, 'contentInfo', p, false, (ci, cp) => rcsContentInfo(v, ci, cp));
    v.string(m, 'height', p, { oneOf: ['HEIGHT_UNSPECIFIED', 'SHORT', 'MEDIUM', 'TALL'] });
  });
  v.each(c, 'suggestions', path, { max: 4 }, (s, ip) => rcsSuggestion(v, s, ip));
}

function rcsSuggestion(v: Validator, s: unknown, path: string): void {
  if (!v.object(s, path, ['reply', 'action'])) return;
  v.pick(s, ['reply', 'action'], path, true);
  v.nested(s, 'reply', path, false, (r, p) => {
    if (!v.object(r, p, ['text', 'postbackData'])) return;
    v.string(r, 'text', p, { required: true, max: 25 });
    v.string(r, 'postbackData', p, { required: true, max: 2048 });
  });
  v.nested(s, 'action', path, false, (a, p) => {
    if (!v.object(a, p, ['text', 'postbackData', 'fallbackUrl', ...RCS_ACTIONS])) return;
    v.string(a, 'text', p, { required: true, max: 25 });
    v.string(a, 'postbackData', p, { required: true, max: 2048 });
    v.string(a, 'fallbackUrl', p, { url: 'http' });
    v.pick(a, RCS_ACTIONS, p, true);
    v.nested(a, 'dialAction', p, false, (d, dp) => {
      if (v.object(d, dp, ['phoneNumber'])) v.string(d, 'phoneNumber', dp, { required: true, phone: 'e164' });
    });
    v.nested(a, 'viewLocationAction', p, false, (l, lp) => {
      if (!v.object(l, lp, ['latLong', 'label', 'query'])) return;
      v.pick(l, ['latLong', 'query'], lp, false);
      v.string(l, 'label', lp);
      v.string(l, 'query', lp);
      v.nested(l, 'latLong', lp, false, (ll, llp) => {
        if (!v.object(ll, llp, ['latitude', 'longitude'])) return;
        v.number(ll, 'latitude', llp, -90, 90, true);
        v.number(ll, 'longitude', llp, -180, 180, true);
      });
    });
    v.nested(a, 'createCalendarEventAction', p, false, (c, cp) => {
      if (!v.object(c, cp, ['startTime', 'endTime', 'title', 'description'])) return;
      for (const k of ['startTime', 'endTime', 'title', 'description']) v.string(c, k, cp);
    });
    v.nested(a, 'openUrlAction', p, false, (o, op) => {
      if (v.object(o, op, ['url'])) v.string(o, 'url', op, { required: true, url: 'http' });
    });
    v.nested(a, 'shareLocationAction', p, false, (x, xp) => v.object(x, xp, []));
  });
}

/**
 * An independent validator of native messages for WhatsApp, Messenger, Google Business
 * Messages and RCS, written by hand from the channels' API reference pages and not from umsg's formats
 * (server/src/core/channels/native/): property tests hold the formats against it. It takes a
 * plain JSON payload (no templates) and returns what the channel would reject, one line each;
 * fields the platform sets are accepted silently. Lengths are counted in code points.
 *
 * Pages:
 * - WhatsApp: developers.facebook.com, WhatsApp Business Platform, Messages API reference and
 *   the message pages (text, media, location, contacts, reaction, template; interactive reply
 *   buttons, list, CTA URL, location request; catalog, single- and multi-product; Flow
 *   messages), listed in full above the WhatsApp validator below.
 * - Messenger: developers.facebook.com, Send API reference; Messenger Platform "Send messages":
 *   quick replies, generic, button and media templates, URL, postback, call, log in and log out
 *   buttons; the Attachment Upload API reference.
 * - Google Business Messages: developers.google.com/business-communications/business-messages,
 *   REST reference conversations.messages (Message and the objects it contains).
 * - RCS: developers.google.com/business-communications/rcs-business-messaging, REST reference
 *   phones.agentMessages (AgentContentMessage and the objects it contains).
 */

export type OracleChannel = 'whatsapp' | 'messenger' | 'gbm' | 'rcs';

/** What the channel would reject in `payload`, one problem a line; empty when it would take it. */
export function oracleProblems(channel: OracleChannel, payload: unknown): string[] {
  const v = new Validator();
  if (channel === 'whatsapp') whatsappMessage(v, payload);
  else if (channel === 'messenger') messengerMessage(v, payload);
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

// WhatsApp: the Cloud API message object without its envelope (the Messages API reference and
// the message pages under developers.facebook.com/documentation/business-messaging/whatsapp/:
// messages/text-messages, image-, video-, audio-, document-, sticker-, location-, contacts-,
// reaction- and template-messages; messages/interactive-reply-buttons-messages,
// interactive-list-messages, interactive-cta-url-messages, location-request-messages;
// catalogs/catalog-messages, single-product-messages, multi-product-messages; and the Flow
// messages page, developers.facebook.com/docs/whatsapp/cloud-api/messages/interactive-flow-messages).
// A required text or id is non-empty; an emoji may be empty (it removes the reaction).

/** Characters, as the pages state them. */
const WA = {
  textBody: 4096,
  caption: 1024,
  callbackData: 512,
  templateName: 512,
  /** Body text of every interactive message but a list. */
  body: 1024,
  /** A list message's body ("Maximum 4096 characters" on the list page). */
  listBody: 4096,
  header: 60,
  footer: 60,
  replyId: 256,
  replyTitle: 20,
  listButton: 20,
  sectionTitle: 24,
  rowId: 200,
  rowTitle: 24,
  rowDescription: 72,
  ctaLabel: 20,
} as const;

/** Counts, as the pages state them. */
const WA_COUNT = { replyButtons: 3, listSections: 10, listRows: 10, productSections: 10, products: 30 } as const;

const WA_TYPES = ['text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'contacts', 'interactive', 'template', 'reaction'];
const WA_INTERACTIVE = ['button', 'list', 'cta_url', 'product', 'product_list', 'flow', 'location_request_message', 'catalog_message'];
const WA_MEDIA_HEADERS = ['text', 'image', 'video', 'document'];
const HOME_OR_WORK = ['HOME', 'WORK'];

function whatsappMessage(v: Validator, m: unknown): void {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) {
    v.add('', 'must be an object');
    return;
  }
  const type = (m as Obj).type;
  const carrier = typeof type === 'string' && WA_TYPES.includes(type) ? [type] : [];
  if (!v.object(m, '', ['type', 'context', 'biz_opaque_callback_data', ...carrier], ['messaging_product', 'recipient_type', 'to'])) return;
  v.string(m, 'type', '', { required: true, oneOf: WA_TYPES });
  v.string(m, 'biz_opaque_callback_data', '', { max: WA.callbackData });
  v.nested(m, 'context', '', false, (c, p) => {
    if (v.object(c, p, ['message_id'])) v.string(c, 'message_id', p, { required: true, min: 1 });
  });
  if (carrier.length === 0) return;
  v.nested(m, type as string, '', true, (x, p) => {
    switch (type) {
      case 'text':
        if (!v.object(x, p, ['body', 'preview_url'])) return;
        v.string(x, 'body', p, { required: true, min: 1, max: WA.textBody });
        v.boolean(x, 'preview_url', p);
        return;
      case 'image': case 'video':
        waMedia(v, x, p, ['caption']);
        return;
      case 'document':
        waMedia(v, x, p, ['caption', 'filename']);
        return;
      case 'audio': case 'sticker':
        waMedia(v, x, p, []);
        return;
      case 'location':
        if (!v.object(x, p, ['latitude', 'longitude', 'name', 'address'])) return;
        v.number(x, 'latitude', p, -90, 90, true);
        v.number(x, 'longitude', p, -180, 180, true);
        v.string(x, 'name', p);
        v.string(x, 'address', p);
        return;
      case 'reaction':
        if (!v.object(x, p, ['message_id', 'emoji'])) return;
        v.string(x, 'message_id', p, { required: true, min: 1 });
        v.string(x, 'emoji', p, { required: true });
        return;
      case 'template':
        waTemplate(v, x, p);
        return;
      case 'interactive':
        waInteractive(v, x, p);
        return;
    }
  });
  if (type === 'contacts') v.each(m, 'contacts', '', { required: true, min: 1 }, (c, ip) => waContact(v, c, ip));
}

/** A media object: an uploaded media `id` or a hosted `link`, exactly one, and the extra fields its page lists. */
function waMedia(v: Validator, x: unknown, path: string, extra: readonly string[]): void {
  if (!v.object(x, path, ['id', 'link', ...extra])) return;
  v.pick(x, ['id', 'link'], path, true);
  v.string(x, 'id', path, { min: 1 });
  v.string(x, 'link', path, { url: 'http' });
  if (extra.includes('caption')) v.string(x, 'caption', path, { max: WA.caption });
  if (extra.includes('filename')) v.string(x, 'filename', path);
}

function waTemplate(v: Validator, t: unknown, path: string): void {
  if (!v.object(t, path, ['name', 'language', 'components'])) return;
  v.string(t, 'name', path, { required: true, min: 1, max: WA.templateName });
  v.nested(t, 'language', path, true, (l, p) => {
    if (!v.object(l, p, ['code', 'policy'])) return;
    v.string(l, 'code', p, { required: true, min: 1 });
    v.string(l, 'policy', p, { oneOf: ['deterministic'] });
  });
  // Components carry the approved template's variables: their shape is the template's own.
  v.array(t, 'components', path, {});
}

function waContact(v: Validator, c: unknown, path: string): void {
  if (!v.object(c, path, ['name', 'addresses', 'birthday', 'emails', 'org', 'phones', 'urls'])) return;
  v.nested(c, 'name', path, true, (n, p) => {
    if (!v.object(n, p, ['formatted_name', 'first_name', 'last_name', 'middle_name', 'suffix', 'prefix'])) return;
    v.string(n, 'formatted_name', p, { required: true, min: 1 });
    for (const k of ['first_name', 'last_name', 'middle_name', 'suffix', 'prefix']) v.string(n, k, p);
  });
  v.string(c, 'birthday', path);
  v.nested(c, 'org', path, false, (o, p) => {
    if (v.object(o, p, ['company', 'department', 'title'])) for (const k of ['company', 'department', 'title']) v.string(o, k, p);
  });
  const part = (key: string, fields: readonly string[], types: readonly string[]) =>
    v.each(c, key, path, {}, (x, p) => {
      if (!v.object(x, p, [...fields, 'type'])) return;
      for (const k of fields) v.string(x, k, p);
      v.string(x, 'type', p, { oneOf: types });
    });
  part('addresses', ['street', 'city', 'state', 'zip', 'country', 'country_code'], HOME_OR_WORK);
  part('emails', ['email'], HOME_OR_WORK);
  // A contact's phone is shown as written: the contacts page asks for no form.
  part('phones', ['phone', 'wa_id'], ['CELL', 'MAIN', 'IPHONE', 'HOME', 'WORK']);
  part('urls', ['url'], HOME_OR_WORK);
}

/** What each interactive type takes besides `type`: its header (if any), whether its body is required, its footer. */
const WA_PARTS: Record<string, { header?: 'any' | 'text' | 'text required'; body: number; bodyRequired: boolean; footer: boolean }> = {
  button: { header: 'any', body: WA.body, bodyRequired: true, footer: true },
  list: { header: 'text', body: WA.listBody, bodyRequired: true, footer: true },
  cta_url: { header: 'any', body: WA.body, bodyRequired: true, footer: true },
  product: { body: WA.body, bodyRequired: false, footer: true },
  product_list: { header: 'text required', body: WA.body, bodyRequired: true, footer: true },
  flow: { header: 'any', body: WA.body, bodyRequired: true, footer: true },
  location_request_message: { body: WA.body, bodyRequired: true, footer: false },
  catalog_message: { body: WA.body, bodyRequired: true, footer: true },
};

function waInteractive(v: Validator, i: unknown, path: string): void {
  if (typeof i !== 'object' || i === null || Array.isArray(i)) {
    v.add(path, 'must be an object');
    return;
  }
  const type = (i as Obj).type;
  if (typeof type !== 'string' || !WA_INTERACTIVE.includes(type)) {
    v.add(join(path, 'type'), `must be one of ${WA_INTERACTIVE.join(', ')}`);
    return;
  }
  const parts = WA_PARTS[type];
  const keys = ['type', 'body', 'action', ...(parts.header ? ['header'] : []), ...(parts.footer ? ['footer'] : [])];
  if (!v.object(i, path, keys)) return;
  if (parts.header) {
    v.nested(i, 'header', path, parts.header === 'text required', (h, p) =>
      (parts.header === 'any' ? waHeader(v, h, p) : waTextHeader(v, h, p)));
  }
  v.nested(i, 'body', path, parts.bodyRequired, (b, p) => {
    if (v.object(b, p, ['text'])) v.string(b, 'text', p, { required: true, min: 1, max: parts.body });
  });
  if (parts.footer) {
    v.nested(i, 'footer', path, false, (f, p) => {
      if (v.object(f, p, ['text'])) v.string(f, 'text', p, { required: true, min: 1, max: WA.footer });
    });
  }
  v.nested(i, 'action', path, true, (a, p) => WA_ACTIONS[type](v, a, p));
}

function waHeader(v: Validator, h: unknown, path: string): void {
  if (typeof h !== 'object' || h === null || Array.isArray(h)) {
    v.add(path, 'must be an object');
    return;
  }
  const type = (h as Obj).type;
  if (typeof type !== 'string' || !WA_MEDIA_HEADERS.includes(type)) {
    v.add(join(path, 'type'), `must be one of ${WA_MEDIA_HEADERS.join(', ')}`);
    return;
  }
  if (!v.object(h, path, ['type', type])) return;
  if (type === 'text') v.string(h, 'text', path, { required: true, min: 1, max: WA.header });
  else v.nested(h, type, path, true, (x, p) => waMedia(v, x, p, type === 'document' ? ['caption', 'filename'] : ['caption']));
}

function waTextHeader(v: Validator, h: unknown, path: string): void {
  if (!v.object(h, path, ['type', 'text'])) return;
  v.string(h, 'type', path, { required: true, oneOf: ['text'] });
  v.string(h, 'text', path, { required: true, min: 1, max: WA.header });
}

/** An action whose `name` is fixed, with the checks of its other fields. */
function named(name: string, keys: readonly string[], rest: (v: Validator, a: Obj, path: string) => void) {
  return (v: Validator, a: unknown, path: string): void => {
    if (!v.object(a, path, ['name', ...keys])) return;
    v.string(a, 'name', path, { required: true, oneOf: [name] });
    rest(v, a, path);
  };
}

const WA_ACTIONS: Record<string, (v: Validator, a: unknown, path: string) => void> = {
  button: (v, a, path) => {
    if (!v.object(a, path, ['buttons'])) return;
    const buttons = v.array(a, 'buttons', path, { required: true, min: 1, max: WA_COUNT.replyButtons });
    const ids = new Set<unknown>();
    const titles = new Set<unknown>();
    buttons.forEach((b, k) => {
      const bp = join(join(path, 'buttons'), k);
      if (!v.object(b, bp, ['type', 'reply'])) return;
      v.string(b, 'type', bp, { required: true, oneOf: ['reply'] });
      v.nested(b, 'reply', bp, true, (r, rp) => {
        if (!v.object(r, rp, ['id', 'title'])) return;
        v.string(r, 'id', rp, { required: true, min: 1, max: WA.replyId });
        v.string(r, 'title', rp, { required: true, min: 1, max: WA.replyTitle });
        // "A unique identifier for each button"; labels "must be unique if using multiple buttons".
        if ('id' in r && ids.has(r.id)) v.add(join(rp, 'id'), 'repeats another button\'s id');
        if ('title' in r && titles.has(r.title)) v.add(join(rp, 'title'), 'repeats another button\'s title');
        ids.add(r.id);
        titles.add(r.title);
      });
    });
  },
  list: (v, a, path) => {
    if (!v.object(a, path, ['button', 'sections'])) return;
    v.string(a, 'button', path, { required: true, min: 1, max: WA.listButton });
    let rows = 0;
    const ids = new Set<unknown>();
    v.each(a, 'sections', path, { required: true, min: 1, max: WA_COUNT.listSections }, (s, sp) => {
      if (!v.object(s, sp, ['title', 'rows'])) return;
      v.string(s, 'title', sp, { max: WA.sectionTitle });
      v.each(s, 'rows', sp, { required: true, min: 1 }, (r, rp) => {
        rows++;
        if (!v.object(r, rp, ['id', 'title', 'description'])) return;
        v.string(r, 'id', rp, { required: true, min: 1, max: WA.rowId });
        v.string(r, 'title', rp, { required: true, min: 1, max: WA.rowTitle });
        v.string(r, 'description', rp, { max: WA.rowDescription });
        if ('id' in r && ids.has(r.id)) v.add(join(rp, 'id'), 'repeats another row\'s id');
        ids.add(r.id);
      });
    });
    if (rows > WA_COUNT.listRows) v.add(join(path, 'sections'), `has more than ${WA_COUNT.listRows} rows in all`);
  },
  cta_url: named('cta_url', ['parameters'], (v, a, path) => {
    v.nested(a, 'parameters', path, true, (x, p) => {
      if (!v.object(x, p, ['display_text', 'url'])) return;
      v.string(x, 'display_text', p, { required: true, min: 1, max: WA.ctaLabel });
      v.string(x, 'url', p, { required: true, url: 'http' });
    });
  }),
  product: (v, a, path) => {
    if (!v.object(a, path, ['catalog_id', 'product_retailer_id'])) return;
    v.string(a, 'catalog_id', path, { required: true, min: 1 });
    v.string(a, 'product_retailer_id', path, { required: true, min: 1 });
  },
  product_list: (v, a, path) => {
    if (!v.object(a, path, ['catalog_id', 'sections'])) return;
    v.string(a, 'catalog_id', path, { required: true, min: 1 });
    let products = 0;
    v.each(a, 'sections', path, { required: true, min: 1, max: WA_COUNT.productSections }, (s, sp) => {
      if (!v.object(s, sp, ['title', 'product_items'])) return;
      v.string(s, 'title', sp, { max: WA.sectionTitle });
      v.each(s, 'product_items', sp, { required: true, min: 1 }, (x, xp) => {
        products++;
        if (v.object(x, xp, ['product_retailer_id'])) v.string(x, 'product_retailer_id', xp, { required: true, min: 1 });
      });
    });
    if (products > WA_COUNT.products) v.add(join(path, 'sections'), `has more than ${WA_COUNT.products} products in all`);
  },
  flow: named('flow', ['parameters'], (v, a, path) => {
    v.nested(a, 'parameters', path, true, (x, p) => {
      const keys = ['flow_message_version', 'flow_id', 'flow_name', 'flow_cta', 'mode', 'flow_token', 'flow_action', 'flow_action_payload'];
      if (!v.object(x, p, keys)) return;
      v.string(x, 'flow_message_version', p, { required: true, oneOf: ['3'] });
      // "Cannot be used with the flow_name parameter. Only one of these parameters is required."
      v.pick(x, ['flow_id', 'flow_name'], p, true);
      v.string(x, 'flow_id', p, { min: 1 });
      v.string(x, 'flow_name', p, { min: 1 });
      v.string(x, 'flow_cta', p, { required: true, min: 1 });
      v.string(x, 'mode', p, { oneOf: ['draft', 'published'] });
      v.string(x, 'flow_token', p);
      v.string(x, 'flow_action', p, { oneOf: ['navigate', 'data_exchange'] });
      v.nested(x, 'flow_action_payload', p, false, (f, fp) => {
        if (!v.object(f, fp, ['screen', 'data'])) return;
        v.string(f, 'screen', fp, { min: 1 });
        // `data` is the Flow's own input ("must be a non-empty object"): not judged here, as the
        // format cannot say "any non-empty object" (see docs/native-messages.md).
      });
    });
  }),
  location_request_message: named('send_location', [], () => {}),
  catalog_message: named('catalog_message', ['parameters'], (v, a, path) => {
    v.nested(a, 'parameters', path, false, (x, p) => {
      if (v.object(x, p, ['thumbnail_product_retailer_id'])) v.string(x, 'thumbnail_product_retailer_id', p, { min: 1 });
    });
  }),
};

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
    v.each(t, 'elements', path, { required: true, min: 1, max: 10 }, (e, ip) => messengerGenericElement(v, e, ip));
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

/**
 * What each channel receives for a rendered universal rich card, following the design's table
 * "What each channel does with a universal rich card" (taken from the platform's channel
 * plugins): Messenger's generic template, Google Business Messages' standalone rich card with
 * its fallback text, WhatsApp's interactive button message. Fields a channel drops are dropped.
 */
import type { ChannelId } from './channels';
import type { JsonValue } from './templateEval';

type Obj = { [key: string]: JsonValue };

interface Action {
  type: string;
  display: string;
  payload: string;
  url?: string;
  phoneNumber?: string;
}

function str(v: JsonValue | undefined): string | undefined {
  return typeof v === 'string' ? v : v === undefined || v === null ? undefined : JSON.stringify(v);
}

function actions(card: Obj, list: 'insideActions' | 'floatActions'): Action[] {
  const value = card[list];
  if (!Array.isArray(value)) return [];
  return value.filter((a): a is Obj => !!a && typeof a === 'object' && !Array.isArray(a)).map((a) => ({
    type: str(a.type) ?? 'reply',
    display: str(a.display) ?? '',
    payload: str(a.payload) ?? '',
    url: str(a.url),
    phoneNumber: str(a.phoneNumber),
  }));
}

function media(card: Obj): Obj | undefined {
  const m = card.richMedia;
  return m && typeof m === 'object' && !Array.isArray(m) ? m : undefined;
}

/** Removes undefined members, so that the payload prints as the channel would get it. */
function clean(value: unknown): Obj {
  return JSON.parse(JSON.stringify(value)) as Obj;
}

/** Messenger: one generic-template element; floatActions become quick replies. */
export function messengerPayload(card: Obj): Obj {
  const m = media(card);
  const buttons = actions(card, 'insideActions').map((a) => {
    if (a.type === 'click') return { type: 'web_url', title: a.display, url: a.url };
    if (a.type === 'call') return { type: 'phone_number', title: a.display, payload: a.phoneNumber };
    return { type: 'postback', title: a.display, payload: a.payload };
  });
  const quickReplies = actions(card, 'floatActions').map((a) => ({ content_type: 'text', title: a.display, payload: a.payload }));
  return clean({
    attachment: {
      type: 'template',
      payload: {
        template_type: 'generic',
        elements: [{
          title: str(card.title),
          subtitle: str(card.description),
          image_url: m ? str(m.fileUrl) : undefined,
          buttons: buttons.length > 0 ? buttons : undefined,
        }],
      },
    },
    quick_replies: quickReplies.length > 0 ? quickReplies : undefined,
  });
}

/** Google Business Messages: a standalone rich card, message-level suggestions and a fallback text. */
export function gbmPayload(card: Obj): Obj {
  const m = media(card);
  const suggestions = actions(card, 'insideActions').map((a) => {
    if (a.type === 'click') return { action: { text: a.display, postbackData: a.payload, openUrlAction: { url: a.url } } };
    if (a.type === 'call') return { action: { text: a.display, postbackData: a.payload, dialAction: { phoneNumber: a.phoneNumber } } };
    return { reply: { text: a.display, postbackData: a.payload } };
  });
  const floats = actions(card, 'floatActions').map((a) => ({ reply: { text: a.display, postbackData: a.payload } }));
  const fileUrl = m ? str(m.fileUrl) : undefined;
  return clean({
    richCard: {
      standaloneCard: {
        cardContent: {
          title: str(card.title),
          description: str(card.description),
          media: m ? { height: str(m.height), contentInfo: { fileUrl } } : undefined,
          suggestions: suggestions.length > 0 ? suggestions : undefined,
        },
      },
    },
    suggestions: floats.length > 0 ? floats : undefined,
    fallback: [str(card.title), str(card.description), fileUrl].filter((x) => x !== undefined).join(', '),
  });
}

/**
 * WhatsApp: an interactive message of type button. The header is always an image (empty
 * without richMedia); every action becomes a reply button, float actions after inside ones.
 */
export function whatsappPayload(card: Obj): Obj {
  const m = media(card);
  const buttons = [...actions(card, 'insideActions'), ...actions(card, 'floatActions')].map((a) => ({ type: 'reply', reply: { id: a.payload, title: a.display } }));
  return clean({
    type: 'interactive',
    interactive: {
      type: 'button',
      header: { type: 'image', image: { link: m ? str(m.fileUrl) ?? '' : '' } },
      body: { text: str(card.title) },
      footer: { text: str(card.description) },
      action: { buttons },
    },
  });
}

export function channelPayload(channel: ChannelId, card: JsonValue): JsonValue {
  if (!card || typeof card !== 'object' || Array.isArray(card)) throw new Error('A universal message renders to a JSON object.');
  switch (channel) {
    case 'messenger': return messengerPayload(card);
    case 'gbm': return gbmPayload(card);
    case 'whatsapp': return whatsappPayload(card);
  }
}

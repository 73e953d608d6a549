/**
 * WhatsApp's own message format: the Cloud API message object without its envelope. `type`
 * names the object that carries the message (text, image, video, audio, document, sticker,
 * location, contacts, interactive, template, reaction); `messaging_product`, `recipient_type`
 * and `to` are set by the platform. Interactive messages are modeled for reply buttons, lists
 * and CTA URL buttons; the other interactive types (products, flows, location requests,
 * catalogs) are accepted with their `action` unchecked, and template components are taken as
 * written (their shape depends on the approved template, which this file cannot see).
 *
 * The limits the universal translation (../whatsapp.ts) also uses are exported from here, so
 * each is written once.
 */
import { formatCount } from '../../util/count';
import { str, obj, type NativeField, type NativeFormat, type NativeObject, type NativeValue } from './schema';

const DOCS = 'https://developers.facebook.com/documentation/business-messaging/whatsapp';
const MESSAGES_API = `${DOCS}/reference/whatsapp-business-phone-number/message-api`;
const page = (name: string) => `${DOCS}/messages/${name}`;

/** WhatsApp's limits that the universal card's translation also meets. */
export const WHATSAPP_LIMITS = {
  /** A text message's body. */
  textBody: 4096,
  /** An image, video or document caption. */
  caption: 1024,
  /** An interactive message's body text. */
  interactiveBody: 1024,
  /** An interactive message's footer text. */
  footer: 60,
  /** A text header. */
  header: 60,
  /** Reply buttons per message. */
  replyButtons: 3,
  /** A reply button's title. */
  buttonTitle: 20,
  /** A reply button's id. */
  buttonId: 256,
} as const;

const L = WHATSAPP_LIMITS;

const field = (name: string, value: NativeValue, doc: string, more: Partial<NativeField> = {}): NativeField =>
  ({ name, value, doc, ...more });

/** A text object: `text` required, with a length limit. */
function textObject(label: string, pageUrl: string, max: number, doc: string): NativeObject {
  return { label, page: pageUrl, fields: [field('text', str({ minLength: 1, maxLength: max }), doc, { required: true })] };
}

/** A media object: by `id` (uploaded) or by `link` (hosted), exactly one of them. */
function media(label: string, pageName: string, extra: readonly NativeField[]): NativeObject {
  return {
    label,
    page: page(pageName),
    fields: [
      field('id', str({ minLength: 1 }), 'The id of media uploaded to WhatsApp (use id or link).'),
      field('link', str({ form: 'url' }), 'A public http(s) URL WhatsApp downloads the media from (use id or link).'),
      ...extra,
    ],
    exactlyOne: [['id', 'link']],
  };
}

const caption = field('caption', str({ maxLength: L.caption }), `Text shown under the media (at most ${L.caption} characters).`);

const image = media('image', 'image-messages', [caption]);
const video = media('video', 'video-messages', [caption]);
const audio = media('audio', 'audio-messages', []);
const documentMedia = media('document', 'document-messages', [
  caption,
  field('filename', str(), 'The file name shown with the document, extension included.'),
]);
const sticker = media('sticker', 'sticker-messages', []);

const text: NativeObject = {
  label: 'text',
  page: page('text-messages'),
  fields: [
    field('body', str({ minLength: 1, maxLength: L.textBody }),
      `The message text (at most ${formatCount(L.textBody)} characters); URLs in it are links.`,
      { required: true }),
    field('preview_url', { kind: 'boolean' }, 'Whether WhatsApp shows a preview of the first URL in the body.'),
  ],
};

const location: NativeObject = {
  label: 'location',
  page: page('location-messages'),
  fields: [
    field('latitude', { kind: 'number', min: -90, max: 90 }, 'The latitude in decimal degrees.', { required: true }),
    field('longitude', { kind: 'number', min: -180, max: 180 }, 'The longitude in decimal degrees.', { required: true }),
    field('name', str(), 'The name of the place.'),
    field('address', str(), 'The address of the place.'),
  ],
};

const HOME_WORK = str({ enum: ['HOME', 'WORK'] });
const contactsPage = page('contacts-messages');
const contactPart = (label: string, fields: readonly NativeField[], required?: string): NativeValue => ({
  kind: 'array',
  items: obj({ label, page: contactsPage, fields: fields.map((f) => (f.name === required ? { ...f, required: true } : f)) }),
});

const contact: NativeObject = {
  label: 'contact',
  page: contactsPage,
  fields: [
    field('name', obj({
      label: 'contact name',
      page: contactsPage,
      fields: [
        field('formatted_name', str({ minLength: 1 }), 'The full name as shown.', { required: true }),
        field('first_name', str(), 'First name.'),
        field('last_name', str(), 'Last name.'),
        field('middle_name', str(), 'Middle name.'),
        field('suffix', str(), 'Name suffix.'),
        field('prefix', str(), 'Name prefix.'),
      ],
    }), 'The contact\'s name.', { required: true }),
    field('addresses', contactPart('contact address', [
      field('street', str(), 'Street.'),
      field('city', str(), 'City.'),
      field('state', str(), 'State.'),
      field('zip', str(), 'ZIP code.'),
      field('country', str(), 'Country name.'),
      field('country_code', str(), 'Two-letter country code.'),
      field('type', HOME_WORK, 'HOME or WORK.'),
    ]), 'Postal addresses.'),
    field('birthday', str(), 'The birthday, as YYYY-MM-DD.'),
    field('emails', contactPart('contact email', [
      field('email', str(), 'The address.'),
      field('type', HOME_WORK, 'HOME or WORK.'),
    ]), 'Email addresses.'),
    field('org', obj({
      label: 'contact organization',
      page: contactsPage,
      fields: [
        field('company', str(), 'Company name.'),
        field('department', str(), 'Department.'),
        field('title', str(), 'Job title.'),
      ],
    }), 'Where the contact works.'),
    field('phones', contactPart('contact phone', [
      field('phone', str(), 'The number as shown (any format).'),
      field('type', str({ enum: ['CELL', 'MAIN', 'IPHONE', 'HOME', 'WORK'] }), 'CELL, MAIN, IPHONE, HOME or WORK.'),
      field('wa_id', str(), 'The WhatsApp user id: WhatsApp shows a Message button for it.'),
    ]), 'Phone numbers.'),
    field('urls', contactPart('contact URL', [
      field('url', str(), 'The address.'),
      field('type', HOME_WORK, 'HOME or WORK.'),
    ]), 'Web addresses.'),
  ],
};

const reaction: NativeObject = {
  label: 'reaction',
  page: page('reaction-messages'),
  fields: [
    field('message_id', str({ minLength: 1 }), 'The id (wamid) of the message reacted to.', { required: true }),
    field('emoji', str(), 'The emoji; an empty string removes the reaction.', { required: true }),
  ],
};

const templatePage = page('template-messages');
const template: NativeObject = {
  label: 'template',
  page: templatePage,
  fields: [
    field('name', str({ minLength: 1, maxLength: 512 }), 'The name of an approved template.', { required: true }),
    field('language', obj({
      label: 'template language',
      page: templatePage,
      fields: [
        field('code', str({ minLength: 1 }), 'The language and locale code of the approved translation (en_US).', { required: true }),
        field('policy', str({ enum: ['deterministic'] }), 'Always deterministic.'),
      ],
    }), 'Which translation of the template to send.', { required: true }),
    field('components', { kind: 'array', items: { kind: 'any' } },
      'The values of the template\'s variables, by component (their shape depends on the approved template: not checked).'),
  ],
};

// Interactive messages.

const replyButtonsPage = page('interactive-reply-buttons-messages');
const listPage = page('interactive-list-messages');
const ctaPage = page('interactive-cta-url-messages');

const headerText = field('text', str({ minLength: 1, maxLength: L.header }), `The header text (at most ${L.header} characters).`,
  { required: true });

const header: NativeObject = {
  label: 'header',
  page: replyButtonsPage,
  fields: [field('type', str({ enum: ['text', 'image', 'video', 'document'] }), 'What the header shows.', { required: true })],
  variants: {
    by: 'type',
    cases: {
      text: { fields: [headerText] },
      image: { fields: [field('image', obj(image), 'The header image.', { required: true })] },
      video: { fields: [field('video', obj(video), 'The header video.', { required: true })] },
      document: { fields: [field('document', obj(documentMedia), 'The header document.', { required: true })] },
    },
  },
};

const listHeader: NativeObject = {
  label: 'list header',
  page: listPage,
  fields: [
    field('type', str({ enum: ['text'] }), 'A list message takes a text header only.', { required: true }),
    headerText,
  ],
};

const body = (pageUrl: string) => field('body', obj(textObject('body', pageUrl, L.interactiveBody,
  `The message text (at most ${formatCount(L.interactiveBody)} characters).`)), 'The message text.', { required: true });

const replyButton: NativeObject = {
  label: 'reply button',
  page: replyButtonsPage,
  fields: [
    field('type', str({ enum: ['reply'] }), 'Always reply.', { required: true }),
    field('reply', obj({
      label: 'reply button',
      page: replyButtonsPage,
      fields: [
        field('id', str({ minLength: 1, maxLength: L.buttonId }),
          `What the webhook receives when the button is tapped (at most ${L.buttonId}).`,
          { required: true }),
        field('title', str({ minLength: 1, maxLength: L.buttonTitle }), `The button's label (at most ${L.buttonTitle} characters).`,
          { required: true }),
      ],
    }), 'The button.', { required: true }),
  ],
};

const buttonAction: NativeObject = {
  label: 'action',
  page: replyButtonsPage,
  fields: [field('buttons', {
    kind: 'array',
    items: obj(replyButton),
    minItems: 1,
    maxItems: L.replyButtons,
    uniqueBy: ['reply.id', 'reply.title'],
  }, `1 to ${L.replyButtons} reply buttons, with unique ids and titles.`, { required: true })],
};

/** List messages: the limits of the list page. */
const LIST = { button: 20, sections: 10, rows: 10, sectionTitle: 24, rowId: 200, rowTitle: 24, rowDescription: 72 } as const;

const row: NativeObject = {
  label: 'list row',
  page: listPage,
  fields: [
    field('id', str({ minLength: 1, maxLength: LIST.rowId }),
      `What the webhook receives when the row is chosen (at most ${LIST.rowId}, unique).`,
      { required: true }),
    field('title', str({ minLength: 1, maxLength: LIST.rowTitle }), `The row's title (at most ${LIST.rowTitle} characters).`,
      { required: true }),
    field('description', str({ maxLength: LIST.rowDescription }), `A line under the title (at most ${LIST.rowDescription} characters).`),
  ],
};

const section: NativeObject = {
  label: 'list section',
  page: listPage,
  fields: [
    field('title', str({ maxLength: LIST.sectionTitle }),
      `The section's heading (at most ${LIST.sectionTitle} characters; required when there is more than one section).`),
    field('rows', { kind: 'array', items: obj(row), minItems: 1 }, 'The rows of the section.', { required: true }),
  ],
};

const listAction: NativeObject = {
  label: 'list',
  page: listPage,
  fields: [
    field('button', str({ minLength: 1, maxLength: LIST.button }),
      `The label of the button that opens the list (at most ${LIST.button} characters).`,
      { required: true }),
    field('sections', {
      kind: 'array',
      items: obj(section),
      minItems: 1,
      maxItems: LIST.sections,
      totalMax: { path: 'rows', max: LIST.rows },
      uniqueBy: ['rows[].id'],
    }, `1 to ${LIST.sections} sections, with ${LIST.rows} rows in all and unique row ids.`, { required: true }),
  ],
};

const ctaAction: NativeObject = {
  label: 'CTA URL action',
  page: ctaPage,
  fields: [
    field('name', str({ enum: ['cta_url'] }), 'Always cta_url.', { required: true }),
    field('parameters', obj({
      label: 'CTA URL button',
      page: ctaPage,
      fields: [
        field('display_text', str({ minLength: 1, maxLength: 20 }), 'The button\'s label (at most 20 characters).', { required: true }),
        field('url', str({ form: 'url' }), 'The URL the button opens.', { required: true }),
      ],
    }), 'The button.', { required: true }),
  ],
};

/** Every interactive type the API takes; button, list and cta_url are modeled. */
const INTERACTIVE_TYPES = ['button', 'list', 'cta_url', 'product', 'product_list', 'flow', 'location_request_message', 'catalog_message'];

const interactive: NativeObject = {
  label: 'interactive message',
  page: MESSAGES_API,
  fields: [
    field('type', str({ enum: INTERACTIVE_TYPES }),
      'Which interactive message this is.', { required: true }),
    field('header', obj(header), 'Shown above the body.'),
    field('body', obj(textObject('body', MESSAGES_API, L.interactiveBody, 'The message text.')), 'The message text.'),
    field('footer', obj(textObject('footer', MESSAGES_API, L.footer, `Shown under the body (at most ${L.footer} characters).`)),
      `Shown under the body (at most ${L.footer} characters).`),
    field('action', { kind: 'any' }, 'What the user can do (its shape depends on the type; checked for button, list and cta_url).'),
  ],
  variants: {
    by: 'type',
    cases: {
      button: {
        page: replyButtonsPage,
        fields: [body(replyButtonsPage), field('action', obj(buttonAction), 'The reply buttons.', { required: true })],
      },
      list: {
        page: listPage,
        fields: [
          body(listPage),
          field('header', obj(listHeader), 'A text header.'),
          field('action', obj(listAction), 'The list\'s button and its sections of rows.', { required: true }),
        ],
      },
      cta_url: { page: ctaPage, fields: [body(ctaPage), field('action', obj(ctaAction), 'The URL button.', { required: true })] },
    },
  },
};

const MESSAGE_TYPES = [
  'text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'contacts', 'interactive', 'template', 'reaction',
];

const message: NativeObject = {
  label: 'WhatsApp message',
  page: MESSAGES_API,
  fields: [
    field('type', str({ enum: MESSAGE_TYPES }), 'The message type: the field of the same name carries the message.', { required: true }),
    field('messaging_product', str(), 'Always whatsapp.', { platform: true }),
    field('recipient_type', str(), 'individual.', { platform: true }),
    field('to', str(), 'The user\'s WhatsApp phone number or id.', { platform: true }),
    field('context', obj({
      label: 'context',
      page: MESSAGES_API,
      fields: [field('message_id', str({ minLength: 1 }), 'The id of the message this one replies to.', { required: true })],
    }), 'Sends the message as a reply to an earlier one.'),
    field('biz_opaque_callback_data', str({ maxLength: 512 }), 'Data returned in the status webhooks (at most 512 characters).'),
  ],
  variants: {
    by: 'type',
    cases: {
      text: { page: page('text-messages'), fields: [field('text', obj(text), 'The text message.', { required: true })] },
      image: { page: page('image-messages'), fields: [field('image', obj(image), 'The image.', { required: true })] },
      video: { page: page('video-messages'), fields: [field('video', obj(video), 'The video.', { required: true })] },
      audio: { page: page('audio-messages'), fields: [field('audio', obj(audio), 'The audio.', { required: true })] },
      document: { page: page('document-messages'), fields: [field('document', obj(documentMedia), 'The document.', { required: true })] },
      sticker: { page: page('sticker-messages'), fields: [field('sticker', obj(sticker), 'The sticker.', { required: true })] },
      location: { page: page('location-messages'), fields: [field('location', obj(location), 'The place.', { required: true })] },
      contacts: {
        page: contactsPage,
        fields: [field('contacts', { kind: 'array', items: obj(contact), minItems: 1 }, 'The contact cards.', { required: true })],
      },
      interactive: { fields: [field('interactive', obj(interactive), 'The interactive message.', { required: true })] },
      template: { page: templatePage, fields: [field('template', obj(template), 'The template and its values.', { required: true })] },
      reaction: { page: page('reaction-messages'), fields: [field('reaction', obj(reaction), 'The reaction.', { required: true })] },
    },
  },
};

export const whatsappNative: NativeFormat = { channel: 'whatsapp', root: message, phoneForm: 'e164' };

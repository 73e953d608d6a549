/**
 * WhatsApp's own message format: the Cloud API message object without its envelope. `type`
 * names the object that carries the message (text, image, video, audio, document, sticker,
 * location, contacts, interactive, template, reaction); `messaging_product`, `recipient_type`
 * and `to` are set by the platform. Every interactive type is a variant with its own header,
 * body, footer and action (reply buttons, list, CTA URL, single and multi-product, flow,
 * location request, catalog); a Flow's screen data and template components are taken as
 * written (their shape depends on the Flow or the approved template, which this file cannot
 * see).
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

// Interactive messages: every type the Messages API takes, each with the header, body, footer
// and action its own page states (a field another type takes is reported as not part of this
// one: a header on a product message, a footer on a location request).

const replyButtonsPage = page('interactive-reply-buttons-messages');
const listPage = page('interactive-list-messages');
const ctaPage = page('interactive-cta-url-messages');
const locationRequestPage = page('location-request-messages');
const catalogPage = `${DOCS}/catalogs/catalog-messages`;
const singleProductPage = `${DOCS}/catalogs/single-product-messages`;
const multiProductPage = `${DOCS}/catalogs/multi-product-messages`;
const flowPage = 'https://developers.facebook.com/docs/whatsapp/cloud-api/messages/interactive-flow-messages';

/** A header with text, an image, a video or a document (reply buttons, CTA URL and flow messages). */
const header: NativeObject = {
  label: 'header',
  page: replyButtonsPage,
  fields: [field('type', str({ enum: ['text', 'image', 'video', 'document'] }), 'What the header shows.', { required: true })],
  variants: {
    by: 'type',
    cases: {
      text: {
        fields: [field('text', str({ minLength: 1, maxLength: L.header }), `The header text (at most ${L.header} characters).`,
          { required: true })],
      },
      image: { fields: [field('image', obj(image), 'The header image.', { required: true })] },
      video: { fields: [field('video', obj(video), 'The header video.', { required: true })] },
      document: { fields: [field('document', obj(documentMedia), 'The header document.', { required: true })] },
    },
  },
};

/** A text header, the only header list and multi-product (product list) messages take. */
const textHeader: NativeObject = {
  label: 'list header',
  page: listPage,
  fields: [
    field('type', str({ enum: ['text'] }), 'Always text: this message takes a text header only.', { required: true }),
    field('text', str({ minLength: 1, maxLength: L.header }), `The header text (at most ${L.header} characters).`, { required: true }),
  ],
};

const footer = field('footer', obj(textObject('footer', MESSAGES_API, L.footer, `The footer text (at most ${L.footer} characters).`)),
  `Shown under the body (at most ${L.footer} characters).`);

/** The body of one interactive type: its own label and page, so that findings and hover say which message it belongs to. */
const body = (label: string, pageUrl: string, max: number, required = true): NativeField =>
  field('body', obj(textObject(label, pageUrl, max, `The message text (at most ${formatCount(max)} characters).`)),
    'The message text.', { required });

const replyButton: NativeObject = {
  label: 'reply button item',
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
    }), 'The button\'s id and label.', { required: true }),
  ],
};

const buttonAction: NativeObject = {
  label: 'button action',
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
const LIST = { body: 4096, button: 20, sections: 10, rows: 10, sectionTitle: 24, rowId: 200, rowTitle: 24, rowDescription: 72 } as const;

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

const sectionTitle = field('title', str({ maxLength: LIST.sectionTitle }),
  `The section's heading (at most ${LIST.sectionTitle} characters; required when there is more than one section).`);

const section: NativeObject = {
  label: 'list section',
  page: listPage,
  fields: [
    sectionTitle,
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
    }), 'The button\'s label and URL.', { required: true }),
  ],
};

const catalogId = field('catalog_id', str({ minLength: 1 }), 'The id of the catalog connected to the WhatsApp Business account.',
  { required: true });
const retailerId = field('product_retailer_id', str({ minLength: 1 }), 'The product\'s id (SKU) in the catalog.', { required: true });

const productAction: NativeObject = {
  label: 'product action',
  page: singleProductPage,
  fields: [catalogId, retailerId],
};

/** Multi-product messages: up to 30 products in up to 10 sections. */
const PRODUCTS = { sections: 10, items: 30 } as const;

const productSection: NativeObject = {
  label: 'product section',
  page: multiProductPage,
  fields: [
    sectionTitle,
    field('product_items', {
      kind: 'array',
      items: obj({ label: 'product item', page: multiProductPage, fields: [retailerId] }),
      minItems: 1,
    }, 'The products of the section.', { required: true }),
  ],
};

const productListAction: NativeObject = {
  label: 'product list action',
  page: multiProductPage,
  fields: [
    catalogId,
    field('sections', {
      kind: 'array',
      items: obj(productSection),
      minItems: 1,
      maxItems: PRODUCTS.sections,
      totalMax: { path: 'product_items', max: PRODUCTS.items },
    }, `1 to ${PRODUCTS.sections} sections, with ${PRODUCTS.items} products in all.`, { required: true }),
  ],
};

const flowAction: NativeObject = {
  label: 'flow action',
  page: flowPage,
  fields: [
    field('name', str({ enum: ['flow'] }), 'Always flow.', { required: true }),
    field('parameters', obj({
      label: 'flow parameters',
      page: flowPage,
      fields: [
        field('flow_message_version', str({ enum: ['3'] }), 'Always 3.', { required: true }),
        field('flow_id', str({ minLength: 1 }), 'The id of the Flow (use flow_id or flow_name).'),
        field('flow_name', str({ minLength: 1 }), 'The name of the Flow (use flow_id or flow_name).'),
        field('flow_cta', str({ minLength: 1 }), 'The label of the button that opens the Flow (30 characters or less is advised).',
          { required: true }),
        field('mode', str({ enum: ['draft', 'published'] }), 'draft or published (the default).'),
        field('flow_token', str(), 'An identifier the business chooses, returned with the Flow\'s answers.'),
        field('flow_action', str({ enum: ['navigate', 'data_exchange'] }), 'navigate (the default) or data_exchange.'),
        field('flow_action_payload', obj({
          label: 'flow action payload',
          page: flowPage,
          fields: [
            field('screen', str({ minLength: 1 }), 'The id of the first screen.'),
            field('data', { kind: 'any' }, 'Input data for the first screen (its shape is the Flow\'s own: not checked).'),
          ],
        }), 'The first screen and its data, for flow_action navigate.'),
      ],
      exactlyOne: [['flow_id', 'flow_name']],
    }), 'Which Flow to open, and how.', { required: true }),
  ],
};

const locationRequestAction: NativeObject = {
  label: 'location request action',
  page: locationRequestPage,
  fields: [field('name', str({ enum: ['send_location'] }), 'Always send_location.', { required: true })],
};

const catalogAction: NativeObject = {
  label: 'catalog action',
  page: catalogPage,
  fields: [
    field('name', str({ enum: ['catalog_message'] }), 'Always catalog_message.', { required: true }),
    field('parameters', obj({
      label: 'catalog parameters',
      page: catalogPage,
      fields: [field('thumbnail_product_retailer_id', str({ minLength: 1 }),
        'The product whose image heads the message (the first product of the catalog when omitted).')],
    }), 'The product whose image heads the message.'),
  ],
};

/** Every interactive type the Messages API takes, each a variant. */
const INTERACTIVE_TYPES = ['button', 'list', 'cta_url', 'product', 'product_list', 'flow', 'location_request_message', 'catalog_message'];

const action = (o: NativeObject, doc: string): NativeField => field('action', obj(o), doc, { required: true });

const interactive: NativeObject = {
  label: 'interactive message',
  page: MESSAGES_API,
  fields: [field('type', str({ enum: INTERACTIVE_TYPES }), 'Which interactive message this is.', { required: true })],
  variants: {
    by: 'type',
    cases: {
      button: {
        page: replyButtonsPage,
        fields: [
          field('header', obj(header), 'Shown above the body: text, an image, a video or a document.'),
          body('button body', replyButtonsPage, L.interactiveBody),
          footer,
          action(buttonAction, 'The reply buttons.'),
        ],
      },
      list: {
        page: listPage,
        fields: [
          field('header', obj(textHeader), 'A text header.'),
          body('list body', listPage, LIST.body),
          footer,
          action(listAction, 'The list\'s button and its sections of rows.'),
        ],
      },
      cta_url: {
        page: ctaPage,
        fields: [
          field('header', obj(header), 'Shown above the body: text, an image, a video or a document.'),
          body('CTA URL body', ctaPage, L.interactiveBody),
          footer,
          action(ctaAction, 'The URL button.'),
        ],
      },
      product: {
        page: singleProductPage,
        fields: [
          body('product body', singleProductPage, L.interactiveBody, false),
          footer,
          action(productAction, 'The product.'),
        ],
      },
      product_list: {
        page: multiProductPage,
        fields: [
          field('header', obj(textHeader), 'A text header.', { required: true }),
          body('product list body', multiProductPage, L.interactiveBody),
          footer,
          action(productListAction, 'The catalog and its sections of products.'),
        ],
      },
      flow: {
        page: flowPage,
        fields: [
          field('header', obj(header), 'Shown above the body.'),
          body('flow body', flowPage, L.interactiveBody),
          footer,
          action(flowAction, 'The Flow the button opens.'),
        ],
      },
      location_request_message: {
        page: locationRequestPage,
        fields: [
          body('location request body', locationRequestPage, L.interactiveBody),
          action(locationRequestAction, 'The send location button.'),
        ],
      },
      catalog_message: {
        page: catalogPage,
        fields: [
          body('catalog body', catalogPage, L.interactiveBody),
          footer,
          action(catalogAction, 'The View catalog button.'),
        ],
      },
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

/**
 * Messenger's own message format: the Send API's `message` object (text or an attachment,
 * plus quick replies), with the templates and buttons it carries. The platform sends the
 * message with its own `recipient` and `messaging_type`, so those are the platform's here.
 *
 * Limits shared with the universal translation (`../messenger.ts`) are defined here once,
 * beside the page that states them, and imported there.
 */
import { str, type NativeField, type NativeFormat, type NativeObject, type NativeVariant } from './schema';

const REFERENCE = 'https://developers.facebook.com/docs/messenger-platform/reference/send-api';
const ATTACHMENTS = 'https://developers.facebook.com/docs/messenger-platform/reference/attachment-upload-api';
const GUIDE = 'https://developers.facebook.com/documentation/business-messaging/messenger-platform/send-messages';
const QUICK_REPLIES = `${GUIDE}/quick-replies`;
const GENERIC = `${GUIDE}/template/generic`;
const BUTTON_TEMPLATE = `${GUIDE}/template/button`;
const MEDIA_TEMPLATE = `${GUIDE}/template/media`;
const BUTTONS = `${GUIDE}/buttons`;
const URL_BUTTON = `${GUIDE}/buttons/url`;
const POSTBACK_BUTTON = `${GUIDE}/buttons/postback`;
const CALL_BUTTON = `${GUIDE}/buttons/call`;
const LOGIN_BUTTON = `${GUIDE}/buttons/login`;

/** Messenger's limits, in characters (code points), as its reference pages state them. */
export const MESSENGER_LIMITS = {
  /** A generic template element's title (the generic template page). */
  elementTitle: 80,
  /** A generic template element's subtitle (the generic template page). */
  elementSubtitle: 80,
  /** A button's title (the URL, postback and call button pages) and a quick reply's title. */
  buttonTitle: 20,
  /** A postback button's payload and a quick reply's payload. */
  payload: 1000,
  /** Buttons on a generic template element, a button template and a media template. */
  buttons: 3,
  /** Quick replies on a message. */
  quickReplies: 13,
  /** Elements of a generic template: the cards of a carousel. */
  elements: 10,
  /** The text of a button template. */
  buttonTemplateText: 640,
} as const;

const L = MESSENGER_LIMITS;
const platform = (name: string, doc: string): NativeField => ({ name, value: { kind: 'any' }, doc, platform: true, page: REFERENCE });

const urlButtonFields = (withTitle: boolean): NativeField[] => [
  ...(withTitle ? [{ name: 'title', value: str({ maxLength: L.buttonTitle }), doc: 'The button\'s title.', required: true }] : []),
  { name: 'url', value: str({ form: 'url' }), doc: 'The URL opened in the Messenger webview when the button is tapped.', required: true },
  {
    name: 'webview_height_ratio',
    value: str({ enum: ['compact', 'tall', 'full'] }),
    doc: 'The height of the webview; `full` when absent.',
  },
  { name: 'messenger_extensions', value: { kind: 'boolean' }, doc: 'Must be true when the page uses the Messenger Extensions SDK.' },
  { name: 'fallback_url', value: str({ form: 'url' }), doc: 'The URL opened on clients without Messenger Extensions; `url` when absent.' },
];

const button: NativeObject = {
  label: 'button',
  page: BUTTONS,
  fields: [
    {
      name: 'type',
      value: str({ enum: ['web_url', 'postback', 'phone_number', 'account_link', 'account_unlink'] }),
      doc: 'What the button does: open a web page, send a postback, dial a number, log in or log out.',
      required: true,
    },
  ],
  variants: {
    by: 'type',
    cases: {
      web_url: { page: URL_BUTTON, fields: urlButtonFields(true) },
      postback: {
        page: POSTBACK_BUTTON,
        fields: [
          { name: 'title', value: str({ maxLength: L.buttonTitle }), doc: 'The button\'s title.', required: true },
          {
            name: 'payload',
            value: str({ maxLength: L.payload }),
            doc: 'The data Messenger sends to the webhook when the button is tapped.',
            required: true,
          },
        ],
      },
      phone_number: {
        page: CALL_BUTTON,
        fields: [
          { name: 'title', value: str({ maxLength: L.buttonTitle }), doc: 'The button\'s title.', required: true },
          {
            name: 'payload',
            value: str({ form: 'phone' }),
            doc: 'The number to dial: + then the country code, area code and local number (+16505551234).',
            required: true,
          },
        ],
      },
      account_link: {
        page: LOGIN_BUTTON,
        fields: [{ name: 'url', value: str({ form: 'https' }), doc: 'The authentication callback URL (HTTPS).', required: true }],
      },
      account_unlink: { fields: [] },
    },
  },
};

const buttons = (page: string, minItems?: number): NativeField => ({
  name: 'buttons',
  value: { kind: 'array', items: { kind: 'object', object: button }, maxItems: L.buttons, ...(minItems ? { minItems } : {}) },
  doc: `The buttons, ${minItems ? `${minItems} to ` : 'at most '}${L.buttons}.`,
  page,
});

const defaultAction: NativeObject = {
  label: 'default action',
  page: URL_BUTTON,
  fields: [
    { name: 'type', value: str({ enum: ['web_url'] }), doc: 'Always `web_url`: a default action opens a URL.', required: true },
    ...urlButtonFields(false),
  ],
};

const genericElement: NativeObject = {
  label: 'generic template element',
  page: GENERIC,
  fields: [
    { name: 'title', value: str({ maxLength: L.elementTitle }), doc: 'The element\'s title.', required: true },
    { name: 'subtitle', value: str({ maxLength: L.elementSubtitle }), doc: 'The subtitle under the title.' },
    { name: 'image_url', value: str({ form: 'url' }), doc: 'The URL of the image shown on the element.' },
    {
      name: 'default_action',
      value: { kind: 'object', object: defaultAction },
      doc: 'What tapping the element does: a URL button without a title.',
    },
    buttons(GENERIC),
  ],
};

const mediaElement: NativeObject = {
  label: 'media template element',
  page: MEDIA_TEMPLATE,
  fields: [
    { name: 'media_type', value: str({ enum: ['image', 'video'] }), doc: 'The kind of media sent.', required: true },
    { name: 'attachment_id', value: str(), doc: 'The id of an image or video uploaded with the Attachment Upload API.' },
    { name: 'url', value: str({ form: 'url' }), doc: 'The Facebook URL of the image or video.' },
    buttons(MEDIA_TEMPLATE),
  ],
  exactlyOne: [['attachment_id', 'url']],
};

const sharable: NativeField = {
  name: 'sharable',
  value: { kind: 'boolean' },
  doc: 'True to show Messenger\'s native share button on the message.',
};

const template: NativeObject = {
  label: 'template',
  page: GENERIC,
  fields: [
    {
      name: 'template_type',
      value: str({ enum: ['generic', 'button', 'media'] }),
      doc: 'The kind of template: a card or carousel of cards, text with buttons, or an image or video.',
      required: true,
    },
  ],
  variants: {
    by: 'template_type',
    cases: {
      generic: {
        page: GENERIC,
        fields: [
          {
            name: 'elements',
            // The page describes a generic template as a title, subtitle, image and buttons: those of
            // an element, whose title is required. With no element there is nothing to show.
            value: { kind: 'array', items: { kind: 'object', object: genericElement }, minItems: 1, maxItems: L.elements },
            doc: `The cards, 1 to ${L.elements}; more than one makes a horizontal carousel.`,
            required: true,
          },
          sharable,
        ],
      },
      button: {
        page: BUTTON_TEMPLATE,
        fields: [
          {
            name: 'text',
            value: str({ maxLength: L.buttonTemplateText }),
            doc: 'The text above the buttons.',
            required: true,
          },
          { ...buttons(BUTTON_TEMPLATE, 1), required: true },
        ],
      },
      media: {
        page: MEDIA_TEMPLATE,
        fields: [
          {
            name: 'elements',
            value: { kind: 'array', items: { kind: 'object', object: mediaElement }, minItems: 1, maxItems: 1 },
            doc: 'Exactly one element: the image or video.',
            required: true,
          },
          sharable,
        ],
      },
    },
  },
};

const mediaPayload: NativeObject = {
  label: 'media attachment payload',
  page: ATTACHMENTS,
  fields: [
    { name: 'url', value: str({ form: 'url' }), doc: 'The URL of the file to send.' },
    { name: 'is_reusable', value: { kind: 'boolean' }, doc: 'True to save the file for later messages (its attachment_id is returned).' },
    { name: 'attachment_id', value: str(), doc: 'The id of a file saved earlier.' },
  ],
  exactlyOne: [['url', 'attachment_id']],
};

const mediaCase: NativeVariant = {
  fields: [{ name: 'payload', value: { kind: 'object', object: mediaPayload }, doc: 'The file.', required: true }],
};

const attachment: NativeObject = {
  label: 'attachment',
  page: REFERENCE,
  fields: [
    {
      name: 'type',
      value: str({ enum: ['image', 'audio', 'video', 'file', 'template'] }),
      doc: 'A file (image, audio, video, file) or a structured template.',
      required: true,
    },
  ],
  variants: {
    by: 'type',
    cases: {
      image: mediaCase,
      audio: mediaCase,
      video: mediaCase,
      file: mediaCase,
      template: {
        page: GENERIC,
        fields: [{ name: 'payload', value: { kind: 'object', object: template }, doc: 'The template.', required: true }],
      },
    },
  },
};

const quickReply: NativeObject = {
  label: 'quick reply',
  page: QUICK_REPLIES,
  fields: [
    {
      name: 'content_type',
      value: str({ enum: ['text', 'user_phone_number', 'user_email'] }),
      doc: 'A text button, or a button that sends the person\'s phone number or email address.',
      required: true,
    },
  ],
  variants: {
    by: 'content_type',
    cases: {
      text: {
        fields: [
          {
            name: 'title',
            value: str({ maxLength: L.buttonTitle }),
            doc: 'The text on the button; may be empty when image_url is set.',
            required: true,
          },
          {
            name: 'payload',
            value: str({ maxLength: L.payload }),
            doc: 'The data sent back to the webhook; may be empty when image_url is set.',
            required: true,
          },
          { name: 'image_url', value: str({ form: 'url' }), doc: 'An icon shown beside the title (at least 24 by 24 pixels).' },
        ],
      },
      user_phone_number: { fields: [] },
      user_email: { fields: [] },
    },
  },
};

const message: NativeObject = {
  label: 'Messenger message',
  page: REFERENCE,
  fields: [
    { name: 'text', value: str({ minLength: 1 }), doc: 'The message\'s text (non-empty).', page: QUICK_REPLIES },
    { name: 'attachment', value: { kind: 'object', object: attachment }, doc: 'A file or a template.' },
    {
      name: 'quick_replies',
      value: { kind: 'array', items: { kind: 'object', object: quickReply }, maxItems: L.quickReplies },
      doc: `Buttons shown above the composer until one is tapped (at most ${L.quickReplies}).`,
      page: QUICK_REPLIES,
    },
    { name: 'metadata', value: str(), doc: 'A string passed back in the message_echoes webhook.' },
    platform('recipient', 'Who receives the message.'),
    platform('messaging_type', 'Why the message is sent: RESPONSE, UPDATE or MESSAGE_TAG.'),
    platform('tag', 'The tag of a message sent outside the 24-hour window.'),
    platform('notification_type', 'How the person is notified of the message.'),
  ],
  exactlyOne: [['text', 'attachment']],
};

export const messengerFormat: NativeFormat = { channel: 'messenger', root: message, phoneForm: 'e164' };

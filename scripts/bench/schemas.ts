/**
 * JSON Schemas equivalent (as far as a schema can say) to what umsg checks, for the tools the
 * benchmark runs beside `umsg check`: ajv and VS Code's JSON language service. They hold the
 * strictest channel's limits, the enums and the required fields. What a schema cannot say
 * (templates, per-channel findings, phone numbers beyond a pattern, unique keys across a
 * Configuration Meta array) it leaves out: the other tools do less work than umsg, never more.
 */

const ACTION = {
  type: 'object',
  required: ['type', 'display', 'payload'],
  properties: {
    type: { enum: ['click', 'reply', 'call'] },
    display: { type: 'string', maxLength: 20 },
    payload: { type: 'string', maxLength: 256 },
    url: { type: 'string', pattern: '^https?://' },
    phoneNumber: { type: 'string', pattern: '^\\+[0-9().-]*[0-9][0-9().-]*$' },
  },
  additionalProperties: false,
};

/** A rich card (`*.umsg`). */
export const CARD_SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'description'],
  properties: {
    type: { const: 'rich' },
    title: { type: 'string', maxLength: 80 },
    description: { type: 'string', maxLength: 60 },
    richMedia: {
      type: 'object',
      required: ['height', 'fileUrl', 'altText'],
      properties: {
        height: { enum: ['SHORT', 'MEDIUM', 'TALL'] },
        fileUrl: { type: 'string', pattern: '^https?://' },
        altText: { type: 'string' },
        thumbnailUrl: { type: 'string', pattern: '^https?://' },
        forceRefresh: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    insideActions: { type: 'array', maxItems: 3, items: ACTION },
    floatActions: { type: 'array', maxItems: 13, items: { ...ACTION, properties: { ...ACTION.properties, type: { const: 'reply' } } } },
  },
  not: { required: ['insideActions', 'floatActions'] },
  additionalProperties: false,
};

/**
 * A Configuration Meta array (`*.configmeta.json`, spec: Configuration Meta): each entry has a
 * key (an identifier) and a label, and a type or options; a Boolean's default is "true" or
 * "false". Distinct keys and a default among the option values are beyond a schema.
 */
export const CONFIG_META_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    required: ['key', 'label'],
    properties: {
      key: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
      label: { type: 'string', minLength: 1 },
      type: { enum: ['String', 'Text', 'Boolean'] },
      placeholder: { type: 'string' },
      default_value: { type: 'string' },
      options: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['value', 'label'],
          properties: { value: { type: 'string' }, label: { type: 'string', minLength: 1 } },
          additionalProperties: false,
        },
      },
    },
    anyOf: [{ required: ['type'] }, { required: ['options'] }],
    if: { properties: { type: { const: 'Boolean' } }, required: ['type'] },
    then: { properties: { default_value: { enum: ['true', 'false'] } } },
    additionalProperties: false,
  },
};

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });

/**
 * A channel-specific message in its channel's own format, as far as one schema says it without
 * knowing the file's channel: a WhatsApp interactive list or reply buttons with WhatsApp's
 * limits, or any other object (Messenger, Google Business Messages, RCS) left unchecked.
 */
export const NATIVE_SCHEMA = {
  type: 'object',
  if: { required: ['interactive'] },
  then: {
    required: ['type', 'interactive'],
    properties: {
      type: { const: 'interactive' },
      interactive: {
        type: 'object',
        required: ['type', 'body', 'action'],
        properties: {
          type: { enum: ['button', 'list', 'cta_url'] },
          header: { type: 'object', properties: { type: { const: 'text' }, text: text(60) } },
          body: { type: 'object', required: ['text'], properties: { text: text(1024) }, additionalProperties: false },
          footer: { type: 'object', required: ['text'], properties: { text: text(60) }, additionalProperties: false },
          action: {
            type: 'object',
            properties: {
              button: text(20),
              sections: {
                type: 'array', minItems: 1, maxItems: 10,
                items: {
                  type: 'object',
                  required: ['rows'],
                  properties: {
                    title: text(24),
                    rows: {
                      type: 'array', minItems: 1, maxItems: 10,
                      items: {
                        type: 'object',
                        required: ['id', 'title'],
                        properties: { id: text(200), title: text(24), description: text(72) },
                        additionalProperties: false,
                      },
                    },
                  },
                  additionalProperties: false,
                },
              },
              buttons: {
                type: 'array', minItems: 1, maxItems: 3,
                items: {
                  type: 'object',
                  required: ['type', 'reply'],
                  properties: {
                    type: { const: 'reply' },
                    reply: {
                      type: 'object',
                      required: ['id', 'title'],
                      properties: { id: text(256), title: text(20) },
                      additionalProperties: false,
                    },
                  },
                  additionalProperties: false,
                },
              },
            },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
};

export type SchemaName = 'card' | 'meta' | 'native';
export const SCHEMAS: Record<SchemaName, object> = { card: CARD_SCHEMA, meta: CONFIG_META_SCHEMA, native: NATIVE_SCHEMA };

/**
 * The fields of a Configuration Meta entry, of an option and of a native provider descriptor,
 * from the specification's tables (Native provider, Configuration Meta) and the descriptor's
 * JSON file (`*.provider.json`), with the meaning shown in hover and completion.
 */
import type { FieldSpec } from './cardSchema';

/** Spec, Configuration Meta: type is case-sensitive. */
export const META_TYPES = ['String', 'Text', 'Boolean'] as const;
type MetaType = (typeof META_TYPES)[number];

export const PROVIDER_TYPE = 'Native Provider';
export const DEPLOY_MODES = ['private', 'hosted'] as const;
export const BOOLEAN_DEFAULTS = ['true', 'false'] as const;

/** How each kind of entry shows on the chatbot's Integrations form (spec: Rendering). */
export const RENDERING: Record<MetaType | 'options', string> = {
  String: 'a single-line text input',
  Text: 'a text area (several lines)',
  Boolean: 'a boolean component (on or off)',
  options: 'a selection (a menu of the option labels)',
};

export const META_ENTRY_FIELDS: readonly FieldSpec[] = [
  {
    name: 'key',
    kind: 'string',
    doc: 'Name of the setting, passed to code generation: the provider reads the value under this key. ' +
      'Use an identifier such as `apiKey` (letters, digits and `_`).',
    typeRule: 'meta-required',
  },
  { name: 'label', kind: 'string', doc: "Text displayed for this input on the chatbot's Integrations page.", typeRule: 'meta-required' },
  {
    name: 'type',
    kind: 'string',
    values: META_TYPES,
    doc: 'Kind of input, case-sensitive: `String` (single-line text input), `Text` (text area) or `Boolean` (boolean component). ' +
      'Required when there is no `options`; ignored when there is, because the form then shows a selection.',
    typeRule: 'meta-type-value',
  },
  { name: 'placeholder', kind: 'string', doc: 'Placeholder text shown in the empty input.' },
  {
    name: 'default_value',
    kind: 'string',
    doc: 'Default value, always a string: for a `Boolean` entry `"true"` or `"false"`; with `options`, one of the option values.',
    typeRule: 'meta-default-value',
  },
  {
    name: 'options',
    kind: 'array',
    doc: 'Choices of a selection, each `{ "value", "label" }`. Required when there is no `type`; when present, the form shows a selection.',
    typeRule: 'meta-options',
  },
];

export const META_OPTION_FIELDS: readonly FieldSpec[] = [
  { name: 'value', kind: 'string', doc: 'Value stored when this option is chosen.', typeRule: 'meta-options' },
  { name: 'label', kind: 'string', doc: 'Text shown for this option in the selection menu.', typeRule: 'meta-options' },
];

export const PROVIDER_FIELDS: readonly FieldSpec[] = [
  { name: 'label', kind: 'string', doc: 'Name of the provider, entered when it is created.', typeRule: 'provider-required' },
  {
    name: 'providerType',
    kind: 'string',
    values: [PROVIDER_TYPE],
    doc: 'Provider Type: must be `Native Provider`.',
    typeRule: 'provider-type',
  },
  {
    name: 'deployMode',
    kind: 'string',
    values: DEPLOY_MODES,
    doc: 'Deploy Mode: `private` (private deploy: the platform does not access the source) or `hosted` (platform-hosted: ' +
      'the platform needs access to the source). A chatbot that relies on even one private-deploy provider cannot be hosted by the ' +
      'platform: its generated project must be exported, built and deployed by the builder.',
    typeRule: 'provider-deploy-mode',
  },
  {
    name: 'implements',
    kind: 'array',
    doc: 'Implemented service interface(s): names of the service interfaces this provider implements, ' +
      'chosen from the service components imported into the provider. At least one.',
    typeRule: 'provider-required',
  },
  {
    name: 'providerClassName',
    kind: 'string',
    doc: 'Fully qualified name of the class that implements the service interface, such as `com.example.payments.StripePaymentProvider`.',
    typeRule: 'provider-class-name',
  },
  {
    name: 'configurationMeta',
    kind: 'array',
    doc: "Configuration Meta: the inputs of the configuration form shown on a chatbot's Integrations tab when it wires this provider; " +
      "one entry per input.",
    typeRule: 'meta-array',
  },
  {
    name: 'implementation',
    kind: 'string',
    doc: 'Dependency string `<group>:<project>:<version>`: group and version are normally those of the implementation project\'s build ' +
      'file, project is the name of the project\'s subdirectory.',
    typeRule: 'provider-implementation',
  },
];

/** Meaning of each enum value, for completion and hover. */
export const VALUE_DOCS: Record<string, string> = {
  String: `\`String\`: the Integrations form shows ${RENDERING.String}.`,
  Text: `\`Text\`: the Integrations form shows ${RENDERING.Text}.`,
  Boolean: `\`Boolean\`: the Integrations form shows ${RENDERING.Boolean}; its default_value is \`"true"\` or \`"false"\`.`,
  private: 'Private deploy: the platform does not access the source. A chatbot that relies on it cannot be hosted by the platform; ' +
    'the generated project must be exported, built and deployed by the builder.',
  hosted: 'Platform-hosted: the platform needs access to the source and hosts chatbots that use this provider.',
  [PROVIDER_TYPE]: 'The only provider type these files describe: the implementation lives outside the platform.',
};

/** Words builders use for the fields (lower case), mapped to the field, for "did you mean". */
export const ENTRY_SYNONYMS: Record<string, string> = {
  name: 'key',
  id: 'key',
  title: 'label',
  display: 'label',
  caption: 'label',
  default: 'default_value',
  defaults: 'default_value',
  initial: 'default_value',
  hint: 'placeholder',
  choices: 'options',
  values: 'options',
  items: 'options',
  enum: 'options',
  kind: 'type',
  inputtype: 'type',
};

export const OPTION_SYNONYMS: Record<string, string> = {
  key: 'value',
  id: 'value',
  name: 'label',
  text: 'label',
  title: 'label',
  display: 'label',
};

export const PROVIDER_SYNONYMS: Record<string, string> = {
  name: 'label',
  type: 'providerType',
  provider: 'providerType',
  mode: 'deployMode',
  deploy: 'deployMode',
  deployment: 'deployMode',
  interfaces: 'implements',
  interface: 'implements',
  services: 'implements',
  service: 'implements',
  implementedinterfaces: 'implements',
  class: 'providerClassName',
  classname: 'providerClassName',
  providerclass: 'providerClassName',
  meta: 'configurationMeta',
  config: 'configurationMeta',
  configuration: 'configurationMeta',
  configmeta: 'configurationMeta',
  dependency: 'implementation',
  artifact: 'implementation',
  coordinates: 'implementation',
};

/** A Configuration Meta type value written with another case or word ("string", "bool"), or undefined. */
export function metaTypeFor(value: string): MetaType | undefined {
  const lower = value.trim().toLowerCase();
  const exact = META_TYPES.find((t) => t.toLowerCase() === lower);
  if (exact) return exact;
  return ({ bool: 'Boolean', checkbox: 'Boolean', switch: 'Boolean', toggle: 'Boolean', str: 'String', input: 'String', textarea: 'Text', multiline: 'Text' } as Record<string, MetaType>)[lower.replace(/[\s_-]/g, '')];
}

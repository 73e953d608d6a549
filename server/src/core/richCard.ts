/**
 * The semantic model of a rich card (spec: "Rich message", "richMedia", "insideActions[]",
 * "floatActions[]"), built once per parse from the masked JSON tree. Every part keeps its
 * node so that findings land on the offending key or value.
 */
import type { JsonDocument, Node } from './jsonDocument';
import { renderedList } from './dynamicList';

export interface Prop {
  name: string;
  /** The property node (key, colon and value). */
  property: Node;
  key: Node;
  value: Node | undefined;
}

export interface ObjectModel {
  node: Node;
  /**
   * Each property by name. When a name is repeated the last one counts, as in JSON.parse,
   * render and every channel (duplicate-property reports the repeat).
   */
  props: PropLookup;
  /** Every property, duplicates included, in order. */
  all: Prop[];
}

export type ActionListName = 'insideActions' | 'floatActions';

export interface ActionModel extends ObjectModel {
  list: ActionListName;
  index: number;
  /** True when the element is the body of a dynamic list (repeated once per element at render time). */
  repeated: boolean;
  /** The action's type when written without templates ('click', 'reply', ...), read once for every rule. */
  staticType: string | undefined;
}

export interface ActionList {
  name: ActionListName;
  prop: Prop;
  /** The array node, when the value is an array. */
  array: Node | undefined;
  /** Elements that are objects. */
  actions: ActionModel[];
  /** Every element node, whatever its type. */
  elements: Node[];
  /** Number of elements that sit outside a dynamic-list body. */
  staticCount: number;
  /** True when a dynamic-list body sits in this list. */
  hasBody: boolean;
}

export interface RichCard extends ObjectModel {
  media: ObjectModel | undefined;
  insideActions: ActionList | undefined;
  floatActions: ActionList | undefined;
}

/** Finds a property by name; the last one wins when a name is repeated. */
export interface PropLookup {
  get(name: string): Prop | undefined;
  has(name: string): boolean;
}

/**
 * A lookup over an object's properties by linear search: the objects of a card have a handful
 * of properties, and a small array is much cheaper to build than a Map for each of them.
 */
class PropList implements PropLookup {
  constructor(private readonly list: readonly Prop[]) {}
  get(name: string): Prop | undefined {
    for (let i = this.list.length - 1; i >= 0; i--) if (this.list[i].name === name) return this.list[i];
    return undefined;
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

export function objectModel(node: Node): ObjectModel {
  const all: Prop[] = [];
  for (const p of node.children ?? []) {
    const key = p.children?.[0];
    if (!key || key.type !== 'string') continue;
    const prop: Prop = { name: String(key.value), property: p, key, value: p.children?.[1] };
    all.push(prop);
  }
  return { node, props: new PropList(all), all };
}

/** Builds the card model; undefined when the root is not an object. */
export function buildRichCard(doc: JsonDocument): RichCard | undefined {
  const root = doc.root;
  if (!root || root.type !== 'object') return undefined;
  const card = objectModel(root);
  const mediaValue = card.props.get('richMedia')?.value;
  const media = mediaValue && mediaValue.type === 'object' ? objectModel(mediaValue) : undefined;
  const list = renderedList(doc);
  const bodies = list ? [{ start: list.bodyStart, end: list.bodyEnd }] : [];
  return {
    ...card,
    media,
    insideActions: actionList(doc, card, 'insideActions', bodies),
    floatActions: actionList(doc, card, 'floatActions', bodies),
  };
}

function actionList(doc: JsonDocument, card: ObjectModel, name: ActionListName, bodies: { start: number; end: number }[]): ActionList | undefined {
  const prop = card.props.get(name);
  if (!prop) return undefined;
  const array = prop.value && prop.value.type === 'array' ? prop.value : undefined;
  const elements = array?.children ?? [];
  const actions: ActionModel[] = [];
  let staticCount = 0;
  let hasBody = false;
  for (let index = 0; index < elements.length; index++) {
    const el = elements[index];
    const repeated = bodies.length > 0 && bodies.some((b) => el.offset >= b.start && el.offset + el.length <= b.end);
    if (repeated) hasBody = true; else staticCount++;
    if (el.type !== 'object') continue;
    const model = objectModel(el);
    const typeValue = model.props.get('type')?.value;
    let staticType: string | undefined;
    if (typeValue && typeValue.type === 'string' && !doc.valueTemplate(typeValue)) {
      const info = doc.stringInfo(typeValue);
      if (info.templates.length === 0) staticType = info.staticText;
    }
    actions.push({ node: model.node, props: model.props, all: model.all, list: name, index, repeated, staticType });
  }
  return { name, prop, array, actions, elements, staticCount, hasBody };
}

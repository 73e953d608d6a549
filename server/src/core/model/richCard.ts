/**
 * The semantic model of a rich card (spec: "Rich message", "richMedia", "insideActions[]",
 * "floatActions[]"), built once per parse from the masked JSON tree. Every part keeps its
 * node so that findings land on the offending key or value.
 */
import { type CarriedModel, type JsonDocument, type Node } from '../syntax/jsonDocument';
import { PropertyNode } from '../syntax/jsonTree';
import { plainText } from '../syntax/nodes';
import { renderedList } from '../template/dynamicList';

/**
 * A property of an object whose key is a string. The parse's property node is one (jsonTree.ts's
 * PropertyNode): no object is made for it. Its value is `valueNode`, not `value`, because a
 * property node's `value` is jsonc-parser's, undefined.
 */
export interface Prop {
  readonly name: string;
  /** The property node (key, colon and value). */
  readonly property: Node;
  readonly key: Node;
  readonly valueNode: Node | undefined;
}

export interface ObjectModel {
  node: Node;
  /**
   * Each property by name. When a name is repeated the last one counts, as in JSON.parse,
   * render and every channel (duplicate-property reports the repeat).
   */
  props: PropLookup;
  /** Every property, duplicates included, in order: the object node's own children array, never changed. */
  all: readonly Prop[];
}

type ActionListName = 'insideActions' | 'floatActions';

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
 * The model of an object: its node, its properties, and the lookup by name, which is the
 * model itself (`props` answers `this`: one object per model, where a lookup of its own was
 * one more, 75,000 of them kept with the 50,000-entry Configuration Meta). The objects of a
 * card have a handful of properties, and for them a linear search over a small array is
 * cheaper than building a Map; an object with more than INDEX_FROM properties (hostile or
 * generated input: thousands of keys) gets a Map, built on the first lookup, so that a
 * lookup per property stays linear in all. The models with more to say (an action, an entry,
 * an option) extend it.
 */
const INDEX_FROM = 16;

export class ModelObject implements ObjectModel, PropLookup {
  // Assigned in the constructor, no class fields (see jsonTree.ts's PropertyNode).
  declare readonly node: Node;
  declare readonly all: readonly Prop[];
  private declare byName: Map<string, Prop> | undefined;
  constructor(node: Node) {
    this.node = node;
    this.all = propsOf(node);
    this.byName = undefined;
  }
  get props(): PropLookup {
    return this;
  }
  get(name: string): Prop | undefined {
    const list = this.all;
    // The last of a repeated name wins, as in JSON.parse and every channel.
    if (list.length <= INDEX_FROM) {
      for (let i = list.length - 1; i >= 0; i--) if (list[i].name === name) return list[i];
      return undefined;
    }
    if (!this.byName) {
      this.byName = new Map();
      for (const p of list) this.byName.set(p.name, p);
    }
    return this.byName.get(name);
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

/**
 * The properties of an object node, in order: its children, which are the parse's property
 * nodes (jsonTree.ts's PropertyNode is a Prop), the same array rather than a copy. A tree not
 * of that parse (none is made today) gets an array of its property nodes, still no new Prop.
 */
function propsOf(node: Node): readonly Prop[] {
  const children = node.children;
  if (!children) return [];
  for (let i = 0; i < children.length; i++) {
    if (!(children[i] instanceof PropertyNode)) return children.filter((c): c is PropertyNode => c instanceof PropertyNode);
  }
  return children as unknown as readonly PropertyNode[];
}

export function objectModel(node: Node): ObjectModel {
  return new ModelObject(node);
}

/** An action of a card's list. */
class ActionObject extends ModelObject implements ActionModel {
  declare readonly list: ActionListName;
  declare readonly index: number;
  declare readonly repeated: boolean;
  declare readonly staticType: string | undefined;
  constructor(doc: JsonDocument, node: Node, list: ActionListName, index: number, repeated: boolean) {
    super(node);
    this.list = list;
    this.index = index;
    this.repeated = repeated;
    const typeValue = this.get('type')?.valueNode;
    this.staticType = typeValue ? plainText(doc, typeValue) : undefined;
  }
}

/**
 * Builds the card model; undefined when the root is not an object. Built once per parse and
 * kept with it: the check, the outline, folding, links, hover and the preview all ask for
 * it, and on a large message it is tens of thousands of objects. Nothing changes a model
 * once built.
 */
export function buildRichCard(doc: JsonDocument): RichCard | undefined {
  const slots = doc.derived;
  if (slots.card === undefined) {
    const carried = slots.carried;
    slots.carried = undefined;
    slots.card = (carried && carriedCard(doc, carried)) ?? buildCard(doc) ?? null;
  }
  return (slots.card as RichCard | null) ?? undefined;
}

/**
 * The model of an earlier parse brought up to date after the re-reads since (syntax/incremental.ts):
 * each action a re-read replaced gets a model of its own, the rest are kept, since their
 * nodes are the same objects. Undefined when that cannot be done: a re-read changed how many
 * elements a list has, or an object element into another kind, or the card was none.
 * The lists are new objects; the earlier model is left as it was.
 */
function carriedCard(doc: JsonDocument, carried: CarriedModel): RichCard | undefined {
  const card = carried.model as RichCard | null;
  if (!card || card.node !== doc.root) return undefined;
  const lists = [card.insideActions, card.floatActions];
  const replaced: (Set<number> | undefined)[] = [undefined, undefined];
  for (const step of carried.steps) {
    const k = lists.findIndex((l) => l?.array !== undefined && l.array === step.array);
    if (k < 0) continue; // an array inside an action or elsewhere: no model holds its elements
    if (step.added !== step.removed) return undefined;
    const indices = (replaced[k] ??= new Set());
    for (let i = step.index; i < step.index + step.added; i++) indices.add(i);
  }
  const [insideActions, floatActions] = lists.map((list, k) => (list && replaced[k] ? withReplaced(doc, list, replaced[k]) : list));
  if (insideActions === null || floatActions === null) return undefined;
  return { node: card.node, props: card.props, all: card.all, media: card.media, insideActions, floatActions };
}

/** `list` with a new model for each element at `indices`; null when one is no longer of its kind. */
function withReplaced(doc: JsonDocument, list: ActionList, indices: Set<number>): ActionList | null {
  // The elements are the array's own children, which the re-reads changed in place.
  if (list.elements !== list.array?.children) return null;
  const actions = list.actions.slice();
  for (const index of indices) {
    const element = list.elements[index];
    const at = actionAt(actions, index);
    const was = at >= 0 ? actions[at] : undefined;
    if (!element || (was !== undefined) !== (element.type === 'object')) return null;
    if (was) actions[at] = new ActionObject(doc, element, list.name, index, was.repeated);
  }
  return { ...list, actions };
}

/** The position in `actions` of the action of element `index` (they are in element order); -1 when none. */
function actionAt(actions: readonly ActionModel[], index: number): number {
  let low = 0;
  let high = actions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (actions[mid].index < index) low = mid + 1; else high = mid;
  }
  return low < actions.length && actions[low].index === index ? low : -1;
}

function buildCard(doc: JsonDocument): RichCard | undefined {
  const root = doc.root;
  if (!root || root.type !== 'object') return undefined;
  const card = objectModel(root);
  const mediaValue = card.props.get('richMedia')?.valueNode;
  const media = mediaValue && mediaValue.type === 'object' ? objectModel(mediaValue) : undefined;
  const list = renderedList(doc);
  const bodies = list ? [{ start: list.bodyStart, end: list.bodyEnd }] : [];
  // Spelled out rather than `...card`: the spread's result outlived young-generation
  // collections (V8's sampling heap profiler showed it copied into old space over `umsg
  // check`), the spelled-out object dies young with the rest of the message.
  return {
    node: card.node,
    props: card.props,
    all: card.all,
    media,
    insideActions: actionList(doc, card, 'insideActions', bodies),
    floatActions: actionList(doc, card, 'floatActions', bodies),
  };
}

function actionList(
  doc: JsonDocument,
  card: ObjectModel,
  name: ActionListName,
  bodies: { start: number; end: number }[],
): ActionList | undefined {
  const prop = card.props.get(name);
  if (!prop) return undefined;
  const array = prop.valueNode && prop.valueNode.type === 'array' ? prop.valueNode : undefined;
  const elements = array?.children ?? [];
  const actions: ActionModel[] = [];
  let staticCount = 0;
  let hasBody = false;
  // Elements and bodies are both in source order: one pointer walks the bodies along with
  // the elements (a search of every body per element was quadratic with thousands of lists).
  let b = 0;
  for (let index = 0; index < elements.length; index++) {
    const el = elements[index];
    const elEnd = el.offset + el.length;
    while (b < bodies.length && bodies[b].end < elEnd) b++;
    const repeated = b < bodies.length && el.offset >= bodies[b].start;
    if (repeated) hasBody = true; else staticCount++;
    if (el.type !== 'object') continue;
    actions.push(new ActionObject(doc, el, name, index, repeated));
  }
  return { name, prop, array, actions, elements, staticCount, hasBody };
}

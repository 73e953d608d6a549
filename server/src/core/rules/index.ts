/**
 * The rule catalogue: every rule, in the order they run. Ids are stable; a retired id is
 * never reused. Each has a page docs/rules/<id>.md and fixtures test/fixtures/rules/<id>/.
 */
import type { Rule } from '../rule';
import actionRequired from './actionRequired';
import actionType from './actionType';
import actionUrl from './actionUrl';
import cardRequired from './cardRequired';
import channelLimit from './channelLimit';
import config from './config';
import duplicateProperty from './duplicateProperty';
import emptyText from './emptyText';
import exclusiveActions from './exclusiveActions';
import fileSize from './fileSize';
import mediaHeight from './mediaHeight';
import mediaRequired from './mediaRequired';
import mediaUrl from './mediaUrl';
import messageType from './messageType';
import phoneNumber from './phoneNumber';
import syntax from './syntax';
import templateSyntax from './templateSyntax';
import unknownProperty from './unknownProperty';
import valueType from './valueType';

export const ALL_RULES: readonly Rule[] = [
  syntax,
  templateSyntax,
  duplicateProperty,
  unknownProperty,
  valueType,
  messageType,
  cardRequired,
  exclusiveActions,
  mediaRequired,
  mediaHeight,
  mediaUrl,
  actionType,
  actionRequired,
  actionUrl,
  phoneNumber,
  channelLimit,
  emptyText,
  fileSize,
  config,
];

export function ruleById(id: string): Rule | undefined {
  return ALL_RULES.find((r) => r.id === id);
}

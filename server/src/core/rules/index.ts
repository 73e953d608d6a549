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
import dynamicList from './dynamicList';
import emptyText from './emptyText';
import exclusiveActions from './exclusiveActions';
import fileSize from './fileSize';
import mediaHeight from './mediaHeight';
import mediaRequired from './mediaRequired';
import mediaUrl from './mediaUrl';
import messageType from './messageType';
import metaArray from './metaArray';
import metaDefaultValue from './metaDefaultValue';
import metaDuplicateKey from './metaDuplicateKey';
import metaKeyIdentifier from './metaKeyIdentifier';
import metaOptions from './metaOptions';
import metaRequired from './metaRequired';
import metaTypeOrOptions from './metaTypeOrOptions';
import metaTypeValue from './metaTypeValue';
import providerClassName from './providerClassName';
import providerDeployMode from './providerDeployMode';
import providerImplementation from './providerImplementation';
import providerPrivateDeploy from './providerPrivateDeploy';
import providerRequired from './providerRequired';
import providerType from './providerType';
import phoneNumber from './phoneNumber';
import sampleData from './sampleData';
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
  dynamicList,
  sampleData,
  fileSize,
  config,
  metaArray,
  metaRequired,
  metaTypeOrOptions,
  metaTypeValue,
  metaDefaultValue,
  metaOptions,
  metaDuplicateKey,
  metaKeyIdentifier,
  providerRequired,
  providerType,
  providerDeployMode,
  providerClassName,
  providerImplementation,
  providerPrivateDeploy,
];

export function ruleById(id: string): Rule | undefined {
  return ALL_RULES.find((r) => r.id === id);
}

/**
 * The rule catalogue: every rule, in the order they run. Ids are stable; a retired id is
 * never reused. Each has a page docs/rules/<id>.md and fixtures test/fixtures/rules/<id>/.
 */
import type { Rule } from '../findings/rule';
import actionRequired from './action-required';
import actionType from './action-type';
import actionUrl from './action-url';
import cardRequired from './card-required';
import channelLimit from './channel-limit';
import config from './config';
import duplicateProperty from './duplicate-property';
import dynamicList from './dynamic-list';
import emptyText from './empty-text';
import exclusiveActions from './exclusive-actions';
import fileSize from './file-size';
import mediaHeight from './media-height';
import mediaRequired from './media-required';
import mediaUrl from './media-url';
import messageType from './message-type';
import nativePlatformField from './native-platform-field';
import nativeRequired from './native-required';
import nativeValue from './native-value';
import metaArray from './meta-array';
import metaDefaultValue from './meta-default-value';
import metaDuplicateKey from './meta-duplicate-key';
import metaKeyIdentifier from './meta-key-identifier';
import metaOptions from './meta-options';
import metaRequired from './meta-required';
import metaTypeOrOptions from './meta-type-or-options';
import metaTypeValue from './meta-type-value';
import providerBuild from './provider-build';
import providerClassName from './provider-class-name';
import providerClassSource from './provider-class-source';
import providerConfigUndeclared from './provider-config-undeclared';
import providerConfigUnused from './provider-config-unused';
import providerDeployMode from './provider-deploy-mode';
import providerImplementation from './provider-implementation';
import providerImplements from './provider-implements';
import providerPrivateDeploy from './provider-private-deploy';
import providerProject from './provider-project';
import providerRequired from './provider-required';
import providerType from './provider-type';
import phoneNumber from './phone-number';
import sampleData from './sample-data';
import syntax from './syntax';
import templateSyntax from './template-syntax';
import unknownProperty from './unknown-property';
import valueType from './value-type';

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
  nativeRequired,
  nativeValue,
  nativePlatformField,
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
  providerProject,
  providerBuild,
  providerClassSource,
  providerImplements,
  providerConfigUndeclared,
  providerConfigUnused,
];

export function ruleById(id: string): Rule | undefined {
  return ALL_RULES.find((r) => r.id === id);
}

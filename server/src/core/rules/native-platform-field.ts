import { defineRule } from '../findings/rule';
import { reportNative } from '../findings/native';

/**
 * Fields the platform sets when it sends a channel-specific message (WhatsApp's
 * `messaging_product` and `to`): written in the file they are replaced, so they are named
 * once each, as information.
 */
export default defineRule({
  id: 'native-platform-field',
  description: 'A channel-specific message in native form does not set the fields the platform sets when it sends it.',
  defaultSeverity: 'information',
  languages: ['universal-message'],
  channelScoped: true,
  check(ctx) {
    reportNative(ctx, 'native-platform-field');
  },
});

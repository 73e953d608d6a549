import { defineRule } from '../findings/rule';
import { reportNative } from '../findings/native';

/**
 * A channel-specific message in native form has every field its channel's API requires, and
 * exactly one (or at most one) of the fields the API lets it choose between (a WhatsApp
 * image by `id` or by `link`). The facts are the channel's native format (channels/native/);
 * the walker words the findings.
 */
export default defineRule({
  id: 'native-required',
  description: 'A channel-specific message in native form has the fields its channel requires, and one of each "exactly one of" group.',
  defaultSeverity: 'warning',
  languages: ['universal-message'],
  channelScoped: true,
  check(ctx) {
    reportNative(ctx, 'native-required');
  },
});

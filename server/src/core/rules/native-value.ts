import { defineRule } from '../findings/rule';
import { reportNative } from '../findings/native';

/**
 * A value of a channel-specific message in native form is one its channel's API accepts: one
 * of an enumeration (`interactive.type`), a number in range, a URL or phone number in the form
 * the API asks for. The facts are the channel's native format (channels/native/).
 */
export default defineRule({
  id: 'native-value',
  description: 'A channel-specific message in native form uses values its channel accepts: enumerations, ranges, URL and phone forms.',
  defaultSeverity: 'warning',
  languages: ['universal-message'],
  channelScoped: true,
  check(ctx) {
    reportNative(ctx, 'native-value');
  },
});

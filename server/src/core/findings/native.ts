/**
 * A channel-specific message in native form is walked once against its channel's format
 * (channels/native/walk.ts); each rule the walker files problems under reports its own, with
 * the channel named, so that the channel's severity applies and `off` silences them.
 */
import { CHANNEL_NAMES } from '../channels';
import { checkNativeDocument, NATIVE_FORMATS, type NativeFormat, type NativeProblem, type NativeRuleId } from '../channels/native';
import type { SampleData } from '../template/render';
import type { RuleContext } from './rule';

interface NativeWalkMemo {
  format: NativeFormat;
  sample: SampleData | undefined;
  problems: NativeProblem[];
}

/**
 * Reports the native walker's problems filed under `rule`; false when the message is not in
 * native form (the rule then checks the universal message as usual).
 */
export function reportNative(ctx: RuleContext, rule: NativeRuleId): boolean {
  if (ctx.form !== 'native' || !ctx.channel) return false;
  const channel = ctx.channel;
  const problems = nativeProblems(ctx);
  for (let i = 0; i < problems.length; i++) {
    const p = problems[i];
    if (p.rule !== rule) continue;
    ctx.report({
      message: p.message,
      offset: p.offset,
      length: p.length,
      channels: [channel],
      ...(rule === 'native-platform-field' ? { severity: 'information' as const } : {}),
      ...(p.related ? { related: [p.related] } : {}),
    });
  }
  return true;
}

function nativeProblems(ctx: RuleContext): readonly NativeProblem[] {
  const format = ctx.channel ? NATIVE_FORMATS[ctx.channel] : undefined;
  if (!format || ctx.targets.length === 0) return [];
  const memo = ctx.doc.derived.native as NativeWalkMemo | undefined;
  if (memo && memo.format === format && memo.sample === ctx.sample) return memo.problems;
  const walked = checkNativeDocument(ctx.doc, format, {
    channelName: CHANNEL_NAMES[format.channel],
    sample: ctx.sample,
    isCancelled: ctx.isCancelled,
  });
  // A walk cut short is not kept: the check is being dropped anyway.
  if (!walked.cancelled) ctx.doc.derived.native = { format, sample: ctx.sample, problems: walked.problems } satisfies NativeWalkMemo;
  return walked.problems;
}

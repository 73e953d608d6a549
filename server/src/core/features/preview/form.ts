/**
 * The Integrations form as the platform renders a Configuration Meta array, for Configuration
 * Meta files and provider descriptors.
 */
import { DEFAULT_CONFIG, type ResolvedConfig } from '../../findings/config';
import { parseJsonDocument } from '../../syntax/jsonDocument';
import { configMetaOf, labelFromKey } from '../../model/configMeta';
import { providerOf } from '../../model/provider';
import type { LanguageId } from '../../syntax/languages';
import { plainString } from '../../model/values';
import { syntaxMessage } from '../../rules/syntax';
import { formatCount } from '../../util/count';
import { range } from './drawing';
import type { SourceRange } from './viewModel';

interface FormControl {
  key: string;
  label: string;
  /** String → text, Text → textarea, Boolean → switch, options → select. */
  control: 'text' | 'textarea' | 'switch' | 'select';
  /** The default value: text for text fields and selections, true/false for a switch. */
  value: string | boolean;
  placeholder?: string;
  options?: { value: string; label: string }[];
  source: SourceRange;
}

export interface FormPreview {
  kind: 'form';
  /** The provider's label, or "Integrations" for a Configuration Meta file. */
  title: string;
  /** A private-deploy provider's note. */
  note?: string;
  controls: FormControl[];
  error?: { message: string; offset: number | undefined };
  notice?: string;
}

export const PRIVATE_DEPLOY_NOTE = 'Private deploy: the platform cannot host a chatbot that uses this provider; ' +
  'its generated project must be exported, built and deployed by the builder.';

/** The Integrations form as the platform renders a Configuration Meta array (spec: Rendering). */
export function previewForm(text: string, language: LanguageId, config: ResolvedConfig = DEFAULT_CONFIG): FormPreview {
  if (text.length > config.maxFileSize) {
    return {
      kind: 'form',
      title: 'Integrations',
      controls: [],
      notice: `This file has ${formatCount(text.length)} characters, over maxFileSize (${formatCount(config.maxFileSize)}): no preview.`,
    };
  }
  const doc = parseJsonDocument(text);
  const provider = language === 'native-provider' ? providerOf(doc) : undefined;
  const title = (provider && plainString(doc, provider.props.get('label'))) || 'Integrations';
  const note = provider && plainString(doc, provider.props.get('deployMode')) === 'private' ? PRIVATE_DEPLOY_NOTE : undefined;
  const error = doc.syntax.length > 0 ? { message: syntaxMessage(doc.syntax[0]), offset: doc.syntax[0].offset } : undefined;
  const meta = configMetaOf(doc, language);
  const controls: FormControl[] = [];
  for (const entry of meta?.entries ?? []) {
    const str = (name: string) => plainString(doc, entry.props.get(name));
    const key = str('key') ?? `entry ${entry.index + 1}`;
    const label = str('label') ?? labelFromKey(key);
    const type = str('type');
    const fallback = str('default_value');
    const placeholder = str('placeholder');
    const source = range(entry.node);
    if (entry.optionsArray) {
      const options = entry.options.map((o) => {
        const value = plainString(doc, o.props.get('value')) ?? '';
        return { value, label: plainString(doc, o.props.get('label')) ?? value };
      });
      controls.push({ key, label, control: 'select', value: fallback ?? options[0]?.value ?? '', options, placeholder, source });
    } else if (type === 'Boolean') {
      controls.push({ key, label, control: 'switch', value: fallback === 'true', source });
    } else {
      controls.push({ key, label, control: type === 'Text' ? 'textarea' : 'text', value: fallback ?? '', placeholder, source });
    }
  }
  return { kind: 'form', title, note, controls, error };
}

/** A payload value as text, for the template check (objects never hold a template's text themselves). */

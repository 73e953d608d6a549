// Native provider descriptors (*.provider.json, language native-provider): the
// Implementation string must be <group>:<project>:<version>.
import * as assert from 'node:assert/strict';
import { closeAllEditors, describeDiagnostics, openFixture, unquotedText, waitForFinding } from './helpers';

const FIXTURE = 'stripe-payments.provider.json';
const LANGUAGE = 'native-provider';

describe('native provider', () => {
  afterEach(closeAllEditors);

  it(`gives a .provider.json file the language id ${LANGUAGE}`, async () => {
    const { document } = await openFixture(FIXTURE);
    assert.equal(document.languageId, LANGUAGE, `expected ${FIXTURE} to get language id "${LANGUAGE}", seen "${document.languageId}"`);
  });

  it('reports "implementation": "io.opencui.extensions:stripe" without its version (provider-implementation)', async () => {
    const { document } = await openFixture(FIXTURE);
    const finding = await waitForFinding(document, 'provider-implementation', {
      expected: 'with its range on the value "io.opencui.extensions:stripe"',
      matches: (d) => unquotedText(document, d.range) === 'io.opencui.extensions:stripe',
    });
    assert.ok(/version/.test(finding.message), `expected the message to name the missing version; seen ${describeDiagnostics([finding], document)}`);
  });
});

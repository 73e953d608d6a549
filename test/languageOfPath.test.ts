/** A file's language from its name, whichever separator its path uses (DESIGN: Files and languages). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageOfPath } from '../server/src/core/check';

describe('languageOfPath', () => {
  it('reads the name after the last / or \\', () => {
    assert.equal(languageOfPath('/p/menu.umsg'), 'universal-message');
    assert.equal(languageOfPath('C:\\p\\menu.configmeta.json'), 'configuration-meta');
    assert.equal(languageOfPath('a\\b/x.provider.json'), 'native-provider');
    assert.equal(languageOfPath('a/b\\umsg.config.json'), 'umsg-config');
    assert.equal(languageOfPath('umsg.config.json'), 'umsg-config');
    assert.equal(languageOfPath('/p/umsg.config.json/other.json'), undefined);
    assert.equal(languageOfPath('/p/x.umsg/'), undefined);
  });
});

// Sample data: menu.sample.json beside menu.umsg lets the server render the templates.
// Hover on a template shows its value with the sample data; a title whose static part
// fits Messenger's 80 characters but renders longer with the sample data is reported.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { closeAllEditors, fixtureUri, openFixture, unquotedText, waitForFinding } from './helpers';
import { positionIn, rangeOfText, waitForHover } from './featureHelpers';

interface MenuSample {
  user: { name: string };
}

function sample(): MenuSample {
  return JSON.parse(fs.readFileSync(fixtureUri('menu.sample.json').fsPath, 'utf8')) as MenuSample;
}

describe('universal message: sample data', () => {
  afterEach(closeAllEditors);

  it('shows the value of ${user.name} with the sample data in hover', async () => {
    const { document } = await openFixture('menu.umsg');
    const name = sample().user.name;
    const text = await waitForHover(document, positionIn(document, '${user.name}', 4), ['With the sample data:']);
    assert.ok(text.includes(JSON.stringify(name)), `expected the hover to show the sample value ${JSON.stringify(name)}; seen:\n${text}`);
  });

  it('reports a title that renders over 80 characters (channel-limit, "renders to")', async () => {
    const { document } = await openFixture('menu.umsg');
    const title: string = JSON.parse(document.getText().replace(/^\s*\/\/.*$/gm, '')).title;
    const name = sample().user.name;
    const staticLength = [...title.replace('${user.name}', '')].length;
    const rendered = [...title.replace('${user.name}', name)].length;
    assert.ok(
      staticLength <= 80 && rendered > 80,
      `fixture: the title's static part (${staticLength}) must fit 80 and its rendering (${rendered}) must not`,
    );
    const template = rangeOfText(document, '${user.name}', '"title"');
    await waitForFinding(document, 'channel-limit', {
      expected: `whose message says the title "renders to ${rendered} characters" (over Messenger's 80), ` +
        'on ${user.name} or the title\'s value',
      matches: (d) =>
        d.message.includes('renders to') &&
        d.message.includes(String(rendered)) &&
        d.message.includes("Messenger's 80") &&
        (d.range.isEqual(template) || unquotedText(document, d.range) === title),
    });
  });
});

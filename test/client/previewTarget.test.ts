/**
 * Which file the preview draws for the file in the editor (client/src/preview/target.ts): a
 * channel-specific sibling draws its NAME.umsg only when that exists, else itself.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drawingReads, previewTarget } from '../../client/src/preview/target';

describe('preview target', () => {
  it('draws NAME.umsg for a sibling when NAME.umsg exists, and the sibling itself when it does not', () => {
    assert.equal(previewTarget('/p/menu.whatsapp.umsg', true), '/p/menu.umsg');
    assert.equal(previewTarget('/p/menu.whatsapp.umsg', false), '/p/menu.whatsapp.umsg');
    assert.equal(previewTarget('/p/menu.rcs.umsg', false), '/p/menu.rcs.umsg');
  });

  it('draws NAME.umsg for a sample, and any other file as itself', () => {
    assert.equal(previewTarget('/p/menu.sample.json', false), '/p/menu.umsg');
    assert.equal(previewTarget('/p/menu.umsg', false), '/p/menu.umsg');
    assert.equal(previewTarget('/p/shop.configmeta.json', true), '/p/shop.configmeta.json');
    // Not a channel: an ordinary message whose name has a dot.
    assert.equal(previewTarget('/p/menu.telegram.umsg', true), '/p/menu.telegram.umsg');
  });

  it('redraws a drawing when its message, sample or a sibling of the same NAME changes, and not for another NAME', () => {
    assert.ok(drawingReads('/p/menu.umsg', '/p/menu.sample.json'));
    assert.ok(drawingReads('/p/menu.umsg', '/p/menu.gbm.umsg'));
    assert.ok(drawingReads('/p/menu.whatsapp.umsg', '/p/menu.sample.json'));
    assert.ok(!drawingReads('/p/menu.umsg', '/p/lunch.umsg'));
    assert.ok(!drawingReads('/p/menu.umsg', '/q/menu.sample.json'));
    assert.ok(drawingReads('/p/shop.configmeta.json', '/p/shop.configmeta.json'));
    assert.ok(!drawingReads('/p/shop.configmeta.json', '/p/shop.umsg'));
  });
});

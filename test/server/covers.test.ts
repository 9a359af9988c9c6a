import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DOMParser } from 'linkedom';
import { COVERS, getCover, listCovers } from '../../src/server/covers/index.js';
import { sanitiseSvg, sniffImageType } from '../../src/server/uploads/index.js';

describe('project covers', () => {
  it('ships at least eight covers', () => {
    assert.ok(COVERS.size >= 8, `${COVERS.size} covers`);
  });

  for (const [name, svg] of COVERS) {
    describe(name, () => {
      it('is an SVG document of 1600 by 900', () => {
        assert.equal(sniffImageType(new TextEncoder().encode(svg)), 'svg');
        const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement as unknown as Element;
        assert.equal(root.tagName, 'svg');
        assert.equal(root.getAttribute('xmlns'), 'http://www.w3.org/2000/svg');
        assert.equal(root.getAttribute('viewBox'), '0 0 1600 900');
        assert.ok(root.querySelectorAll('*').length > 2, 'it draws something');
      });

      it('passes the SVG sanitiser unchanged', () => {
        assert.equal(sanitiseSvg(svg), svg);
      });

      it('has no external references, no text and no script', () => {
        assert.doesNotMatch(svg.replace('xmlns="http://www.w3.org/2000/svg"', ''), /https?:|\/\/|href|@import|data:|<script|<text|<image|<foreignObject/i);
        for (const match of svg.matchAll(/url\(([^)]*)\)/g)) assert.match(match[1], /^#[\w-]+$/, match[0]);
        const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement as unknown as Element;
        const ids = new Set(Array.from(root.querySelectorAll('[id]'), (el) => (el as Element).getAttribute('id')));
        for (const match of svg.matchAll(/url\(#([\w-]+)\)/g)) assert.ok(ids.has(match[1]), `#${match[1]} is defined`);
      });

      it('is small', () => {
        assert.ok(svg.length < 8 * 1024, `${svg.length} bytes`);
      });
    });
  }

  it('lists one URL per cover under the files path', () => {
    const urls = listCovers();
    assert.equal(urls.length, COVERS.size);
    assert.equal(urls[0], '/api/project-covers/files/aurora.svg');
    for (const url of urls) assert.match(url, /^\/api\/project-covers\/files\/[a-z-]+\.svg$/);
    assert.equal(new Set(urls).size, urls.length);
    assert.equal(listCovers('https://tracker.example.com/')[0], 'https://tracker.example.com/api/project-covers/files/aurora.svg');
  });

  it('finds every listed cover by name, with or without the extension', () => {
    for (const url of listCovers()) {
      const file = url.split('/').pop()!;
      assert.equal(getCover(file), COVERS.get(file.replace(/\.svg$/, '')));
      assert.equal(getCover(file.replace(/\.svg$/, '')), getCover(file));
    }
  });

  it('finds nothing for other names', () => {
    for (const name of ['', 'nope', 'nope.svg', '../aurora', 'aurora.png', 'constructor', 'toString', '__proto__', 'AURORA']) {
      assert.equal(getCover(name), undefined, name);
    }
  });
});

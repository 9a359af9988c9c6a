import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { imageOrigins, isAllowedImageSource } from '../../src/server/http/image-policy.js';
import { normaliseRichText } from '../../src/server/rich-text/index.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

const PIXEL = 'https://tracker.example.net/pixel.png?reader=1';
const CDN = 'https://cdn.example.org/diagram.png';

describe('the image policy', () => {
  test('IMAGE_HOSTS lists https hosts, as names or origins; Unsplash is added when configured', () => {
    assert.deepEqual(imageOrigins(null, false), []);
    assert.deepEqual(imageOrigins(' cdn.example.org , https://img.example.com/ ', false), ['https://cdn.example.org', 'https://img.example.com']);
    assert.deepEqual(imageOrigins(null, true), ['https://images.unsplash.com', 'https://plus.unsplash.com']);
    assert.throws(() => imageOrigins('http://cdn.example.org', false), /IMAGE_HOSTS must list https hosts such as cdn\.example\.com, not "http:\/\/cdn\.example\.org"/);
    assert.throws(() => imageOrigins('https://cdn.example.org/images', false), /not "https:\/\/cdn\.example\.org\/images"/);
  });

  test('images from this server and inline ones are allowed; other sites only when listed', () => {
    const origins = ['https://cdn.example.org'];
    for (const src of ['/api/assets/1/file.png', 'diagram.png', 'data:image/png;base64,AAAA', 'blob:https://app/1', CDN]) assert.equal(isAllowedImageSource(src, origins), true, src);
    for (const src of [PIXEL, '//tracker.example.net/p.png', '/\\tracker.example.net/p.png', 'http://cdn.example.org/diagram.png', 'https://cdn.example.org.evil.net/a.png', 'ftp://cdn.example.org/a.png', 'javascript:alert(1)']) {
      assert.equal(isAllowedImageSource(src, origins), false, src);
    }
  });

  test('rich text keeps allowed images and turns others into links to their address', () => {
    const html = `<p>Before</p><img src="${PIXEL}"><img src="/api/assets/1/a.png"><img src="${CDN}"><ul><li><p>In a list</p><img src="${PIXEL}"></li></ul>`;
    const stored = normaliseRichText({ html }, ['https://cdn.example.org']).html;
    assert.doesNotMatch(stored, /<img[^>]*tracker\.example\.net/);
    assert.match(stored, /<img[^>]*src="\/api\/assets\/1\/a\.png"/);
    assert.match(stored, /<img[^>]*src="https:\/\/cdn\.example\.org\/diagram\.png"/);
    const links = [...stored.matchAll(/<p><a href="https:\/\/tracker\.example\.net\/pixel\.png\?reader=1"[^>]*>https:\/\/tracker\.example\.net\/pixel\.png\?reader=1<\/a><\/p>/g)];
    assert.equal(links.length, 2, stored);
    assert.match(stored, /^<p>Before<\/p>/);
    // With no hosts listed, only this server's images stay images.
    assert.doesNotMatch(normaliseRichText({ html }).html, /<img[^>]*cdn\.example\.org/);
  });
});

describe('a server with IMAGE_HOSTS', () => {
  let server: TestServer;
  let seed: Seed;

  before(async () => {
    server = await startServer({ IMAGE_HOSTS: 'cdn.example.org' });
    seed = await seedWorkspace(server);
  });
  after(() => server.close());

  test("the pages' policy loads images from this server, inline ones and the listed hosts only", async () => {
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    const policy = page.headers.get('content-security-policy') ?? '';
    const images = policy.split(';').map((part) => part.trim()).find((part) => part.startsWith('img-src'));
    assert.equal(images, "img-src 'self' data: blob: https://cdn.example.org");
  });

  test('a description saved with a tracking pixel stores a link to it instead; a listed host keeps its image', async () => {
    const created = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: `Images ${randomUUID().slice(0, 6)}` });
    assert.equal(created.status, 201, created.text);
    const url = `${seed.projectUrl}/issues/${created.body.id}/description`;
    const saved = await seed.actors.member.put(url, { description_html: `<p>Look</p><img src="${PIXEL}"><img src="${CDN}">`, version: 1 });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(
      saved.body.description_html,
      `<p>Look</p><p><a href="${PIXEL}" target="_blank" rel="noopener noreferrer nofollow">${PIXEL}</a></p><img width="35%" src="${CDN}" style="width: 35%; height: auto;">`,
    );
  });

  test('a logo, a cover or an avatar on another site is refused with a sentence; uploads and listed hosts are taken', async () => {
    const other = 'https://elsewhere.example.net/logo.png';
    const logo = await seed.actors.admin.patch(seed.workspaceUrl, { logo: other });
    assert.equal(logo.status, 400);
    assert.equal(logo.body.error, 'The logo must be uploaded, or come from an image host this server allows.');
    const created = await seed.actors.admin.post('/api/workspaces', { name: 'Pixel', slug: `px-${randomUUID().slice(0, 6)}`, logo: other });
    assert.equal(created.status, 400);
    const cover = await seed.actors.admin.patch(seed.projectUrl, { cover_image: other });
    assert.equal(cover.status, 400);
    assert.equal(cover.body.error, 'The cover image must be uploaded, or come from an image host this server allows.');
    const newProject = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Covered', identifier: 'COV', cover_image: other });
    assert.equal(newProject.status, 400);
    const avatar = await seed.actors.member.patch('/api/users/me', { avatar: other });
    assert.equal(avatar.status, 400);
    assert.equal(avatar.body.error, 'The avatar must be uploaded, or come from an image host this server allows.');

    assert.equal((await seed.actors.admin.patch(seed.workspaceUrl, { logo: CDN })).status, 200);
    assert.equal((await seed.actors.admin.patch(seed.projectUrl, { cover_image: '/api/project-covers/files/dunes.webp' })).status, 200);
    assert.equal((await seed.actors.member.patch('/api/users/me', { avatar: null })).status, 200);
  });
});

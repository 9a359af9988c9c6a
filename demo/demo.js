// The embed demo: a plain page, no framework. The host supplies uploads (object URLs
// here, a server in a real app) and mention suggestions, and adds a block of its own:
// the example callout extension, imported as plain data (docs/extensions.md).
import { callout } from '/dist/extensions/callout.js';

const editor = document.getElementById('editor');
const viewer = document.getElementById('viewer');
editor.extensions = [callout];
viewer.extensions = [callout];

const people = [
  { id: 'u1', title: 'Ada Lovelace', entity_identifier: 'u1', entity_name: 'user_mention', redirect_uri: '#profile-ada' },
  { id: 'u2', title: 'Alan Turing', entity_identifier: 'u2', entity_name: 'user_mention', redirect_uri: '#profile-alan' },
  { id: 'u3', title: 'Grace Hopper', entity_identifier: 'u3', entity_name: 'user_mention', redirect_uri: '#profile-grace' },
  { id: 'u4', title: 'Katherine Johnson', entity_identifier: 'u4', entity_name: 'user_mention', redirect_uri: '#profile-katherine' },
].map((person) => ({ ...person, avatar: avatarFor(person.title) }));

/** A small SVG avatar with the person's initials, as a data-free blob URL. */
function avatarFor(name) {
  const initials = name.split(' ').map((part) => part[0]).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="16" fill="#3f76ff"/><text x="16" y="21" font-family="sans-serif" font-size="13" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
}

editor.value = `<h1>Release notes</h1>
<p>Text with <strong>bold</strong>, <em>italic</em>, <u>underline</u>, <s>strike</s>, <code>code</code> and a <a href="https://example.com">link</a>. Ask <span data-type="mention" data-id="u3" data-label="Grace Hopper" data-redirect-uri="#profile-grace" data-entity-identifier="u3" data-entity-name="user_mention">@Grace Hopper</span> for a review.</p>
<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>Ship the schema</p></li><li data-type="taskItem" data-checked="false"><p>Write the docs</p></li></ul>
<blockquote><p>Quoted text.</p></blockquote>
<aside class="callout" data-kind="warning"><p>A callout: a block this page adds through the extension API. Type <code>/callout</code> for another.</p></aside>
<pre data-language="ts"><code>const answer: number = 42;</code></pre>
<table><tbody><tr><th><p>Name</p></th><th><p>Status</p></th></tr><tr><td><p>Editor</p></td><td data-background="#d3f1dc"><p>Ready</p></td></tr></tbody></table>`;

editor.mentionSuggestions = async (query) => {
  await new Promise((resolve) => setTimeout(resolve, 250));
  return people;
};
editor.mentionHighlights = async () => ['u3'];
viewer.mentionHighlights = async () => ['u3'];

editor.uploadFile = (file, { signal, onProgress }) =>
  new Promise((resolve, reject) => {
    let progress = 0;
    const timer = setInterval(() => {
      progress = Math.min(1, progress + 0.2);
      onProgress(progress);
      if (progress >= 1) {
        clearInterval(timer);
        resolve(URL.createObjectURL(file));
      }
    }, 200);
    signal.addEventListener('abort', () => {
      clearInterval(timer);
      reject(signal.reason);
    });
  });

const show = () => {
  const html = editor.getHTML();
  document.getElementById('html').textContent = html;
  document.getElementById('markdown').textContent = editor.getMarkdown();
  viewer.setValue(html);
};

await customElements.whenDefined('rich-editor');
await editor.updateComplete;
show();
editor.addEventListener('rich-editor-change', show);

const dark = document.getElementById('dark');
const applyTheme = () => {
  const theme = dark.checked ? 'dark' : 'light';
  document.documentElement.className = theme;
  editor.setAttribute('theme', theme);
  viewer.setAttribute('theme', theme);
};
dark.checked = matchMedia('(prefers-color-scheme: dark)').matches;
dark.addEventListener('change', applyTheme);
applyTheme();

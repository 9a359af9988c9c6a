import { pointerClick, pointerMove, pressActions, typeActions } from './webdriver-actions.mjs';

/**
 * A Web Test Runner command that clicks and then types with no pause between them, as a
 * host's end-to-end tests do (Playwright's `click()` then `keyboard.type()`): both run in
 * the test runner's process, one right after the other, so the page gets the key events
 * queued behind the click instead of a round trip later, as `sendMouse` then `sendKeys`
 * would give it.
 *
 * Payload: `{ position: [x, y], keys: Array<{ type: string } | { press: string }> }`.
 */
export function clickThenKeysPlugin() {
  return {
    name: 'click-then-keys',
    async executeCommand({ command, payload, session }) {
      if (command !== 'click-then-keys') return undefined;
      const { position, keys } = payload ?? {};
      if (!Array.isArray(position) || position.length !== 2 || !position.every(Number.isInteger)) {
        throw new Error('click-then-keys needs a position [x, y] of integers');
      }
      if (!Array.isArray(keys)) throw new Error('click-then-keys needs a keys array');
      const { type } = session.browser;
      if (type === 'webdriver' && typeof session.browser.driver === 'function') {
        // One WebDriver actions request: the click's pointer ticks, then the keys behind them.
        const keyActions = keys.flatMap((key) => {
          if (typeof key.type === 'string') return typeActions(key.type);
          if (typeof key.press === 'string') return pressActions(key.press);
          throw new Error('each key is { type: text } or { press: key }');
        });
        await session.browser.driver(session.id).actions([pointerMove(...position), ...pointerClick('left')], keyActions);
        return true;
      }
      if (type !== 'puppeteer' && type !== 'playwright') {
        throw new Error(`click-then-keys does not support ${type} browsers`);
      }
      const page = session.browser.getPage(session.id);
      await page.mouse.click(position[0], position[1]);
      for (const key of keys) {
        if (typeof key.type === 'string') await page.keyboard.type(key.type);
        else if (typeof key.press === 'string') await page.keyboard.press(key.press);
        else throw new Error('each key is { type: text } or { press: key }');
      }
      return true;
    },
  };
}

/**
 * A Web Test Runner command that writes through an input method, as a Japanese, Chinese or
 * Korean keyboard (or a phone's) does: Chromium's DevTools protocol composes text at the caret
 * (the page gets compositionstart, compositionupdate and the input of each step, and the text
 * shows underlined) and then commits it. Only Chromium has such a command.
 *
 * Payload: `{ steps: Array<{ compose: string } | { commit: string }> }`: each `compose` replaces
 * the text being composed, caret at its end; `commit` ends the composition with the final text.
 */
export function inputMethodPlugin() {
  return {
    name: 'input-method',
    async executeCommand({ command, payload, session }) {
      if (command !== 'input-method') return undefined;
      const { steps } = payload ?? {};
      if (!Array.isArray(steps)) throw new Error('input-method needs a steps array');
      if (session.browser.type !== 'puppeteer') throw new Error('input-method needs Chromium (its DevTools protocol composes text)');
      const client = await session.browser.getPage(session.id).createCDPSession();
      try {
        for (const step of steps) {
          if (typeof step.compose === 'string') {
            await client.send('Input.imeSetComposition', { text: step.compose, selectionStart: step.compose.length, selectionEnd: step.compose.length });
          } else if (typeof step.commit === 'string') {
            await client.send('Input.insertText', { text: step.commit });
          } else throw new Error('each step is { compose: text } or { commit: text }');
        }
      } finally {
        await client.detach();
      }
      return true;
    },
  };
}

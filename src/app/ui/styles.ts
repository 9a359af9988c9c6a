import { useInsertionEffect } from 'react';

/** Adds a component's CSS to document.head once (one `<style data-app-style="id">` per id), before layout effects run. */
export function useStyles(id: string, css: string): void {
  useInsertionEffect(() => {
    if (document.head.querySelector(`style[data-app-style="${CSS.escape(id)}"]`)) return;
    const style = document.createElement('style');
    style.dataset.appStyle = id;
    style.textContent = css;
    document.head.appendChild(style);
  }, [id, css]);
}

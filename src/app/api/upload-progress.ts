/**
 * A fetch for uploads that tells how much of the body was sent. fetch cannot (request streams
 * report nothing, and Chrome alone accepts them), so this sends through XMLHttpRequest and gives
 * back a Response, which the client reads as it reads any other answer.
 */
export function fetchWithUploadProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const signal = init.signal;
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      done();
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      // A null-body status (204, 304) cannot be built with a body, even an empty one.
      const body = xhr.status === 204 || xhr.status === 304 ? null : (xhr.response as Blob);
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new TypeError('The upload could not reach the server.'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

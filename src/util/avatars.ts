// Avatars for the tree views: the image at an account's avatar_url, fetched
// in the extension host and handed out as a data: URI (the workbench does not
// load plain http: images in tree icons). Avatar URLs are public and may be
// on another host than the API, so the request carries no credentials at all
// (no Authorization, no cookies, no user:password in the URL). Hand-written
// rather than through the v3 client because it is not a v3 call: no token,
// no JSON, no rate limit.
import { concatBytes, toBase64 } from './bytes';
import { lru, type LRU } from 'tiny-lru';

export interface Avatar {
  /** The image's media type as the server sent it (e.g. image/svg+xml). */
  contentType: string;
  /** `data:<contentType>;base64,<bytes>` */
  dataUri: string;
}

export interface AvatarCacheOptions {
  /** Whole request (headers and body), in milliseconds. */
  timeoutMs?: number;
  /** Avatars kept in memory (least recently used go first). */
  maxEntries?: number;
  /** Larger images are refused. */
  maxBytes?: number;
  /** A failed URL is not asked again for this long (so a refresh does not wait on it again). */
  retryAfterMs?: number;
  /** For tests. */
  now?: () => number;
  fetch?: typeof fetch;
}

const DEFAULTS = { timeoutMs: 3000, maxEntries: 300, maxBytes: 256 * 1024, retryAfterMs: 5 * 60_000 };

/** Why an avatar could not be used. */
class AvatarError extends Error {}

/** The URL as a credential-free http(s) URL, or an AvatarError. */
function checkAvatarUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AvatarError(`not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AvatarError(`not an http(s) URL: ${url.protocol}`);
  if (url.username || url.password) throw new AvatarError('avatar URLs with credentials are refused');
  return url;
}

/** Fetches one avatar: 200, an image/* content type, at most maxBytes, within timeoutMs. Throws AvatarError otherwise. */
export async function fetchAvatar(rawUrl: string, o: Pick<AvatarCacheOptions, 'timeoutMs' | 'maxBytes' | 'fetch'> = {}): Promise<Avatar> {
  const url = checkAvatarUrl(rawUrl);
  const maxBytes = o.maxBytes ?? DEFAULTS.maxBytes;
  const signal = AbortSignal.timeout(o.timeoutMs ?? DEFAULTS.timeoutMs);
  const doFetch = o.fetch ?? fetch;
  try {
    const res = await doFetch(url, { headers: { Accept: 'image/*' }, credentials: 'omit', redirect: 'follow', signal });
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new AvatarError(`HTTP ${res.status}`);
    }
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!/^image\/[a-z0-9][a-z0-9.+-]*$/.test(contentType)) {
      await res.body?.cancel();
      throw new AvatarError(`not an image: ${contentType || 'no content type'}`);
    }
    if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
      await res.body?.cancel();
      throw new AvatarError(`larger than ${maxBytes} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw new AvatarError(`larger than ${maxBytes} bytes`);
        }
        chunks.push(value);
      }
    }
    if (size === 0) throw new AvatarError('empty image');
    return { contentType, dataUri: `data:${contentType};base64,${toBase64(concatBytes(chunks))}` };
  } catch (err) {
    if (err instanceof AvatarError) throw err;
    if (signal.aborted) throw new AvatarError('timed out');
    throw new AvatarError(err instanceof Error ? err.message : String(err));
  }
}

/**
 * Avatars by URL, in memory: a loaded avatar is served again without a
 * request; a failed one is tried again only after retryAfterMs; concurrent
 * loads of one URL make one request. Loading never rejects.
 */
export class AvatarCache {
  private readonly loaded: LRU<Avatar>;
  private readonly failed = new Map<string, number>();
  private readonly pending = new Map<string, Promise<Avatar | undefined>>();
  private readonly o: Required<Omit<AvatarCacheOptions, 'fetch'>> & Pick<AvatarCacheOptions, 'fetch'>;

  constructor(options: AvatarCacheOptions = {}) {
    this.o = { ...DEFAULTS, now: Date.now, ...options };
    this.loaded = lru<Avatar>(this.o.maxEntries);
  }

  /** The avatar if it is loaded (no request). */
  get(url: string): Avatar | undefined {
    return this.loaded.get(url);
  }

  /** The avatar, from memory or fetched; undefined when it cannot be had. */
  load(url: string): Promise<Avatar | undefined> {
    const hit = this.loaded.get(url);
    if (hit) return Promise.resolve(hit);
    const failedAt = this.failed.get(url);
    if (failedAt !== undefined && this.o.now() - failedAt < this.o.retryAfterMs) return Promise.resolve(undefined);
    let p = this.pending.get(url);
    if (!p) {
      p = fetchAvatar(url, this.o)
        .then(
          (avatar) => {
            this.failed.delete(url);
            this.loaded.set(url, avatar);
            return avatar;
          },
          () => {
            if (this.failed.size >= this.o.maxEntries) this.failed.clear();
            this.failed.set(url, this.o.now());
            return undefined;
          },
        )
        .finally(() => this.pending.delete(url));
      this.pending.set(url, p);
    }
    return p;
  }

  /** Loads the distinct URLs in parallel; resolves when each has loaded or failed. */
  async loadAll(urls: Iterable<string>): Promise<void> {
    await Promise.all([...new Set(urls)].map((u) => this.load(u)));
  }
}

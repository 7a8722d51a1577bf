import { Dexie, type DexieOptions, type EntityTable } from 'dexie';

/** An uploaded image's bytes. Bytes rather than a Blob: every IndexedDB (and fake one) clones them. */
export interface StoredImage {
  id: string;
  type: string;
  bytes: ArrayBuffer;
}

/** Where image bytes live; the accounts log records only who uploaded what (ImageUploaded). */
export interface ImageStore {
  put(image: StoredImage): Promise<void>;
  get(id: string): Promise<StoredImage | undefined>;
}

class ImageDatabase extends Dexie {
  images!: EntityTable<StoredImage, 'id'>;

  constructor(name: string, options: Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>) {
    super(name, options);
    this.version(1).stores({ images: 'id' });
  }
}

/** Images in their own IndexedDB database, beside the event log, so snapshots stay small. */
export class DexieImageStore implements ImageStore {
  private readonly db: ImageDatabase;

  constructor(options: { name: string } & Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>) {
    const { name, ...rest } = options;
    // Dexie spreads its options over its defaults: an explicit undefined would erase the default.
    this.db = new ImageDatabase(
      name,
      Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
    );
  }

  async put(image: StoredImage): Promise<void> {
    await this.db.images.put(image);
  }

  get(id: string): Promise<StoredImage | undefined> {
    return this.db.images.get(id);
  }

  close(): void {
    this.db.close();
  }
}

export class MemoryImageStore implements ImageStore {
  private readonly images = new Map<string, StoredImage>();

  async put(image: StoredImage): Promise<void> {
    this.images.set(image.id, image);
  }

  async get(id: string): Promise<StoredImage | undefined> {
    return this.images.get(id);
  }
}

/**
 * Turns stored images into URLs an <img> can show, and back. The state keeps upload ids; answers
 * carry URLs, minted (by default as object URLs of the worker) once per image per worker lifetime,
 * since such URLs die with the worker that made them. A URL the client sends back maps to its id.
 */
export class ImageUrls {
  private readonly urls = new Map<string, string>();
  private readonly ids = new Map<string, string>();

  constructor(
    private readonly store: ImageStore,
    private readonly mint: (blob: Blob, id: string) => string = (blob) => URL.createObjectURL(blob),
  ) {}

  async save(image: StoredImage): Promise<string> {
    await this.store.put(image);
    return this.remember(image);
  }

  /** The URL of an upload id, or '' when the bytes are gone. */
  async urlOf(id: string): Promise<string> {
    const known = this.urls.get(id);
    if (known !== undefined) return known;
    const image = await this.store.get(id);
    return image ? this.remember(image) : '';
  }

  /**
   * The URL of an upload id already minted, or '' (no await). Answers worked out inside a commit
   * (answer-once.ts) cannot wait for the store: they `warm` the ids they need first.
   */
  knownUrlOf(id: string): string {
    return this.urls.get(id) ?? '';
  }

  /** Mints the URLs of these upload ids now, so `knownUrlOf` finds them. */
  async warm(ids: readonly string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.urlOf(id)));
  }

  idOf(url: string): string | null {
    return this.ids.get(url) ?? null;
  }

  private remember(image: StoredImage): string {
    const url = this.mint(new Blob([image.bytes], { type: image.type }), image.id);
    this.urls.set(image.id, url);
    this.ids.set(url, image.id);
    return url;
  }
}

import { z } from 'zod';
import { DesignLimits, type VariantName } from '../limits.js';
import { int32Schema, textSchema } from '../validation.js';

/** Uploads, designs, versions and the recycle bin (spec 001 §3–§7). */
const id = z.string().min(1);
const ids = z.array(id).min(1).max(DesignLimits.batchMax);
const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1' || value === 1);
/** `a,b,c` or `["a","b","c"]`: the spec joins ids with commas in some calls and sends arrays in others. */
const idList = z
  .union([z.string(), z.array(id)])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean),
  )
  .pipe(ids);

/** A design's name, as uploaded or renamed. */
const designName = textSchema.trim().min(1).max(DesignLimits.fileNameMaxLength);

export const DEFAULT_BUCKET = 'ferry-designs';

export const ossTokenQuery = z.object({ team_id: id, bucket_name: z.string().max(64).optional() });
export const ossSignatureQuery = z.object({
  team_id: id,
  file_name: z.string().min(1).max(DesignLimits.fileNameMaxLength),
});
/** The spec sends only `bucket_name`; a `team_id` given must be one of the caller's teams. */
export const ossBucketQuery = z.object({
  team_id: id.optional(),
  bucket_name: z.string().max(64).optional(),
});

/** What `GET oss/token` answers as `uptoken`: an OSS-style signed POST policy. */
export interface Uptoken {
  accessid: string;
  /** Where the browser posts the multipart form: `key`, `policy`, every entry of `fields`, then `file`. */
  host: string;
  /** base64 of `{ expiration, conditions: [["starts-with","$key",dir], ["content-length-range",1,max], …] }` */
  policy: string;
  signature: string;
  /** Every key must start with this. */
  dir: string;
  /** Unix seconds. */
  expire: number;
  bucket_name: string;
  max_size: number;
  /** `local`: Ferry's own endpoint; `s3`: a presigned POST to an S3 bucket. */
  cloud_type: 'local' | 's3';
  /**
   * The form fields to post besides `key` and `policy`, as they are: `OSSAccessKeyId` and `signature` for
   * the local endpoint; `x-amz-algorithm`, `x-amz-credential`, `x-amz-date`, `x-amz-signature` for S3 (which
   * refuses any field its policy does not name, so nothing else may be added).
   */
  fields: Record<string, string>;
}

const registeredImage = z.object({
  key: z.string().min(1).max(512),
  name: designName,
  position_x: z.number().optional(),
  position_y: z.number().optional(),
});
export const registerImagesBody = z.object({
  team_id: id,
  project_id: id,
  images: z.array(registeredImage).min(1).max(DesignLimits.batchMax),
});
/** New versions of existing designs: `images[i]` becomes the newest version of `image_ids[i]`. */
export const addVersionsBody = z.object({
  team_id: id,
  project_id: id,
  image_ids: ids,
  images: z
    .array(registeredImage.partial({ name: true }))
    .min(1)
    .max(DesignLimits.batchMax),
});

export const imageQuery = z.object({ image_id: id, project_id: id, team_id: id.optional() });
export const imagesQuery = z.object({
  project_id: id,
  team_id: id.optional(),
  position: flag,
  comment: flag,
  dds_status: z.string().optional(),
  show_cb_src: z.string().optional(),
});
export const updateImagesBody = z.object({
  team_id: id.optional(),
  project_id: id,
  images: z
    .array(
      z.object({
        image_id: id.optional(),
        id: id.optional(),
        name: designName.optional(),
        position_x: z.number().optional(),
        position_y: z.number().optional(),
        order: int32Schema.optional(),
      }),
    )
    .min(1)
    .max(DesignLimits.batchMax),
});
export const deleteImagesBody = z.object({ team_id: id.optional(), project_id: id, image_ids: idList });
export const recoveryBody = z.object({
  team_id: id.optional(),
  project_id: id,
  images: idList,
  sets: z.array(z.unknown()).optional(),
});
export const setTypeImageDeleteBody = z.object({
  team_id: id.optional(),
  project_id: id,
  sets: z
    .array(
      z.object({ set_id: id, group_start: z.array(z.unknown()).optional(), images: z.array(z.unknown()) }),
    )
    .default([]),
  deleted_images: idList,
});
export const recycleBinQuery = z.object({ project_id: id, team_id: id.optional() });

/** `images`: a list of single-key maps from a source design id to what the copy should be (a new name). */
export const copyImagesBody = z.object({
  team_id: id,
  project_id: id,
  images: z
    .array(z.record(z.string(), z.union([z.object({ name: designName }).partial(), z.string(), z.null()])))
    .min(1)
    .max(DesignLimits.batchMax),
});
export const moveImagesBody = z.object({
  team_id: id.optional(),
  project_id: id,
  target_project_id: id,
  image_ids: idList,
});
export const searchImageQuery = z.object({
  pid: id,
  keyword: textSchema.trim().min(1).max(255),
  types: z.string().optional(),
  exact_name: flag,
});
export const cntLimitQuery = z.object({ project_id: id });

/** `GET project/sketch_field`: which design shows which Sketch artboard in a project. */
export const sketchFieldQuery = z.object({ project_id: id, team_id: id.optional() });
export interface SketchFieldAnswer {
  list: { sketch_id: string; image_id: string; name: string }[];
}

export const versionsQuery = z.object({ project_id: id, image_id: id, team_id: id.optional() });
export const versionRef = z.object({ project_id: id, image_id: id, version_id: id, team_id: id.optional() });

export const imageHandleQuery = z.object({
  filename: z.string().min(1).max(2048),
  action: z.literal('resize').default('resize'),
  ratio: z.coerce.number().min(1).max(100).default(100),
});
export const signUrlBody = z.object({
  team_id: id,
  method: z.string().optional(),
  style: z.enum(['org', 'webP', 'p5', 'p25', 'p50', 'cover']).optional(),
  urls: z.array(z.string().min(1).max(2048)).min(1).max(DesignLimits.batchMax),
});
export const stsSignUrlBody = signUrlBody.pick({ team_id: true, urls: true });

export type DesignStatus = 'processing' | 'ready' | 'failed';
/** A version's layer data for the inspect view: none for plain pictures (PNG, JPEG …), else as imported. */
export type LayersStatus = 'none' | 'processing' | 'ready' | 'failed';
export type DesignUrls = Partial<Record<VariantName, string>>;

export interface ImageView {
  id: string;
  image_id: string;
  project_id: string;
  name: string;
  /** image for pictures and layered designs, pdf for documents (spec 001 §3) */
  type: string;
  /** What the bytes are: png, jpeg, gif, webp, bmp, tiff, pdf, psd, svg, sketch. */
  file_type: string;
  /** The Sketch artboard (its id in the file) the design shows; null for other designs. */
  sketch_id?: string | null;
  status: DesignStatus;
  /** Why processing failed: a code of the catalogue (19081–19084), '' unless status is failed. */
  fail_code: string;
  batch: string;
  url: string;
  image_url: string;
  urls: DesignUrls;
  width: number;
  height: number;
  size: number;
  position_x: number;
  position_y: number;
  order: number;
  sector_id: string | null;
  group: string[];
  parentSet: string | null;
  version_id: string;
  version_count: number;
  position_count: number;
  comment_count: number;
  user_id: string | null;
  create_time: string;
  update_time: string;
  /** The caller's last inspection (InspectionMark): given by `GET project/images` and `GET project/image`. */
  inspected_version_id?: string | null;
  changed_since_inspected?: boolean;
}

/**
 * A design as the stage's list (GET project/images) gives it: the fields spec 001 §3 names for an image and
 * what the stage shows besides (status, fail_code, version_count, create_time), with the spec's five URL
 * variants. The calls that change or open one design answer the whole ImageView.
 */
export type StageImage = Pick<
  ImageView,
  | 'id'
  | 'image_id'
  | 'name'
  | 'type'
  | 'status'
  | 'fail_code'
  | 'batch'
  | 'url'
  | 'image_url'
  | 'urls'
  | 'width'
  | 'height'
  | 'position_x'
  | 'position_y'
  | 'group'
  | 'parentSet'
  | 'version_count'
  | 'create_time'
  | 'inspected_version_id'
  | 'changed_since_inspected'
> &
  /** Only when asked for: `comment=1` (open threads), `position=1` (prototype hotspots). */
  Partial<Pick<ImageView, 'comment_count' | 'position_count'>>;

/** The URL variants spec 001 §3 names for an image (the cover is the project card's, not the stage's). */
export const STAGE_VARIANTS = ['org', 'webP', 'p5', 'p25', 'p50'] as const;

export interface VersionView {
  id: string;
  version_id: string;
  version: number;
  version_info: string;
  status: DesignStatus;
  /** As ImageView's. */
  fail_code: string;
  file_type: string;
  size: number;
  width: number;
  height: number;
  url: string;
  url_md5: string;
  urls: DesignUrls;
  /** The original file (PSD, SVG …), signed; empty when the project's download setting leaves the caller out. */
  download_url: string;
  /** The version's LayerDoc (JSON), signed; empty until its layers are ready. Fetch it once per version. */
  json_url: string;
  /** The md5 of the LayerDoc's bytes, empty with json_url. */
  json_md5: string;
  layers_status: LayersStatus;
  comments: number;
  current: boolean;
  editor_info: { user_id: string | null; name: string };
  create_time: string;
}

export interface ImageDetail extends ImageView {
  versions: VersionView[];
  user_in_project: boolean;
}

// Accounts and sessions (docs/product-spec.md §7, docs/product-rules.md §1).
import { z } from "zod";
import { OPPORTUNITY_TYPES, PROGRAMS, ROLES, SKILLS } from "../domain/enums";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../domain/limits";
import { DateTimeSchema, MessageSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { apiRoutes } from "./routes";

export const NameSchema = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(NAME_MAX_LENGTH, `At most ${NAME_MAX_LENGTH} characters`);

export const EmailSchema = z
  .string({ error: "Required" })
  .trim()
  .toLowerCase()
  .min(1, "Required")
  .max(EMAIL_MAX_LENGTH, "E-mail address is too long")
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

export const ProgramSchema = z.enum(PROGRAMS, { error: `Choose one of ${PROGRAMS.join(", ")}` });

/**
 * After signing in with a password someone else set: `skippable` asks and offers "Skip for now", `required` asks
 * without it (the skip was used in an earlier session), `none` asks nothing (docs/product-rules.md §9, ADR 0025).
 */
export const PASSWORD_PROMPTS = ["none", "skippable", "required"] as const;
export type PasswordPrompt = (typeof PASSWORD_PROMPTS)[number];

const isUnique = (values: readonly string[]) => new Set(values).size === values.length;

/**
 * What a student would like to do (docs/product-rules.md §12, ADR 0035): skills and causes (opportunity types).
 * Empty lists are a valid answer: 'Skip for Now' saves them, which records that the question was asked.
 */
export const InterestsSchema = z.object({
  skills: z
    .array(z.enum(SKILLS, { error: `Choose skills among ${SKILLS.join(", ")}` }), {
      error: "Must be a list of skills",
    })
    .max(SKILLS.length, `At most ${SKILLS.length} skills`)
    .refine(isUnique, "Choose each skill once"),
  types: z
    .array(z.enum(OPPORTUNITY_TYPES, { error: `Choose causes among ${OPPORTUNITY_TYPES.join(", ")}` }), {
      error: "Must be a list of causes",
    })
    .max(OPPORTUNITY_TYPES.length, `At most ${OPPORTUNITY_TYPES.length} causes`)
    .refine(isUnique, "Choose each cause once"),
});
export type InterestsBody = z.infer<typeof InterestsSchema>;

export const CurrentUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  program: ProgramSchema.nullable(),
  coins: z.number(),
  profileImageUrl: z.string().nullable(),
  anonymizeLeaderboard: z.boolean(),
  createdAt: DateTimeSchema,
  /** This session is the account's first sign-in: greet 'Welcome', not 'Welcome back' (ADR 0025). */
  firstSignIn: z.boolean(),
  passwordPrompt: z.enum(PASSWORD_PROMPTS),
  interests: z.object({ skills: z.array(z.enum(SKILLS)), types: z.array(z.enum(OPPORTUNITY_TYPES)) }),
  /** Ask this student for their interests: never asked, and the password prompt is answered (ADR 0035). */
  interestsPrompt: z.boolean(),
  /**
   * Ask this student for their programme before anything else: an account made by the institution's sign-in has
   * none yet (ADR 0041). Answered once, through PATCH /api/auth/user.
   */
  programPrompt: z.boolean(),
  /**
   * This account may change its password in Settings: passwords sign people in here, or it is a break-glass
   * account (PASSWORD_LOGIN=false leaves everyone else to the institution's sign-in, ADR 0041).
   */
  passwordChange: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const RegisterBodySchema = z.object({
  email: EmailSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  program: ProgramSchema,
  // Accepted for compatibility with the spec's client (docs/product-spec.md §7), and ignored: registration
  // always creates a student.
  role: z.unknown().optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: z.string({ error: "Required" }).trim().toLowerCase().min(1, "Required").max(EMAIL_MAX_LENGTH),
  password: z.string({ error: "Required" }).min(1, "Required").max(PASSWORD_MAX_LENGTH),
});

const NewPasswordSchema = z
  .string({ error: "Required" })
  .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`);

export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string({ error: "Required" }).min(1, "Required").max(PASSWORD_MAX_LENGTH),
  newPassword: NewPasswordSchema,
});

/**
 * How this server lets people in (docs/product-rules.md §9, ADR 0033): `email` e-mails the password of a new
 * account, `unverified` shows it on screen (the embedded demo, or an operator's explicit choice), `closed` takes no
 * registrations (PostgreSQL without mail and without that choice). `passwordReset` is there when mail is.
 */
export const REGISTRATION_MODES = ["email", "unverified", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const SignInOptionsSchema = z.object({
  registration: z.enum(REGISTRATION_MODES),
  passwordReset: z.boolean(),
  /** Passwords sign people in (PASSWORD_LOGIN); false: only the institution's sign-in (and break-glass admins). */
  passwordLogin: z.boolean(),
  /** The institution's sign-in, when configured: 'Sign in with <name>' (docs/product-rules.md §13, ADR 0041). */
  sso: z.object({ name: z.string() }).nullable(),
  /** The e-mail domains Seva accepts, for the pages that explain a refusal. */
  emailDomains: z.array(z.string()),
});
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });

/** The secret of an e-mailed reset link: 43 base64url characters (32 random bytes). */
export const ResetTokenSchema = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(100, "This reset link is not valid")
  .regex(/^[A-Za-z0-9_-]+$/, "This reset link is not valid");

export const CheckResetLinkBodySchema = z.object({ token: ResetTokenSchema });
export const ResetPasswordBodySchema = z.object({ token: ResetTokenSchema, newPassword: NewPasswordSchema });

/** One record of the export: a row as the product keeps it, with its dates as ISO strings. */
const ExportRecordSchema = z.record(z.string(), z.unknown());

/**
 * Everything the product holds about the signed-in person (India's DPDP Act 2023 §11, GDPR art. 15 and 20), as
 * one JSON document. Secrets (password hash, session ids, reset and calendar tokens) are never part of it.
 */
export const MyDataSchema = z.object({
  format: z.literal("seva-my-data/1"),
  exportedAt: DateTimeSchema,
  account: ExportRecordSchema,
  applications: z.array(ExportRecordSchema),
  hourSubmissions: z.array(ExportRecordSchema),
  timeline: z.array(ExportRecordSchema),
  ledger: z.array(ExportRecordSchema),
  badges: z.array(ExportRecordSchema),
  certificates: z.array(ExportRecordSchema),
  notifications: z.array(ExportRecordSchema),
  notificationPreferences: z.array(ExportRecordSchema),
  waitlist: z.array(ExportRecordSchema),
  /** The institution's accounts that sign in to this one (ADR 0041): who the provider says this is, no secret. */
  identities: z.array(z.object({ issuer: z.string(), subject: z.string(), createdAt: DateTimeSchema })),
  /**
   * How far an administrator has read the notices every admin shares (ADR 0080): every one up to `readThrough`
   * (a notification id) read as of `readThroughAt` (0 and null before any "mark all as read"), and those past it
   * opened one by one. Null when there is no such reading: someone never an admin, or an admin yet to read any.
   */
  adminNoticeReading: z
    .object({
      readThrough: z.number().int(),
      readThroughAt: DateTimeSchema.nullable(),
      reads: z.array(
        z.object({ notificationId: z.number().int(), title: z.string(), readAt: DateTimeSchema }),
      ),
    })
    .nullable(),
});
export type MyData = z.infer<typeof MyDataSchema>;

export const UpdateProfileBodySchema = z.object({
  firstName: NameSchema.optional(),
  lastName: NameSchema.optional(),
  program: ProgramSchema.nullable().optional(),
  anonymizeLeaderboard: z.boolean({ error: "Must be true or false" }).optional(),
  /** Students only (400 for an admin); sets both lists and records that the question was answered. */
  interests: InterestsSchema.optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const authContract = {
  currentUser: defineEndpoint({
    ...apiRoutes.auth.currentUser,
    summary: "The signed-in user; 401 when nobody is signed in",
    response: CurrentUserSchema,
  }),
  register: defineEndpoint({
    ...apiRoutes.auth.register,
    summary: "Create a student account with a temporary password",
    body: RegisterBodySchema,
    response: z.object({ tempPassword: z.string().optional(), message: z.string() }),
    successStatus: 201,
  }),
  login: defineEndpoint({
    ...apiRoutes.auth.login,
    summary: "Sign in and start a session",
    body: LoginBodySchema,
    response: z.object({
      user: CurrentUserSchema.pick({ id: true, firstName: true, lastName: true, role: true }),
      message: z.string(),
    }),
  }),
  logout: defineEndpoint({
    ...apiRoutes.auth.logout,
    summary: "End the current session",
    response: MessageSchema,
  }),
  deleteAccount: defineEndpoint({
    ...apiRoutes.auth.deleteAccount,
    summary: "Delete the signed-in account, its records and all its sessions",
    response: MessageSchema,
  }),
  changePassword: defineEndpoint({
    ...apiRoutes.auth.changePassword,
    summary: "Change the password (current password required)",
    body: ChangePasswordBodySchema,
    response: MessageSchema,
  }),
  skipPasswordChange: defineEndpoint({
    ...apiRoutes.auth.skipPasswordChange,
    summary:
      "Keep the temporary password for this session; allowed once (the next sign-in asks again, without a skip)",
    response: CurrentUserSchema,
  }),
  updateProfile: defineEndpoint({
    ...apiRoutes.auth.updateProfile,
    summary: "Update name, program, leaderboard anonymity and (students) interests",
    body: UpdateProfileBodySchema,
    response: CurrentUserSchema,
  }),
  signInOptions: defineEndpoint({
    ...apiRoutes.auth.signInOptions,
    summary: "How this server registers people and whether a forgotten password can be reset by e-mail",
    response: SignInOptionsSchema,
  }),
  forgotPassword: defineEndpoint({
    ...apiRoutes.auth.forgotPassword,
    summary:
      "E-mail a single-use link to reset the password, valid 30 minutes; the same answer whether or not the address has an account",
    body: ForgotPasswordBodySchema,
    response: MessageSchema,
  }),
  checkResetLink: defineEndpoint({
    ...apiRoutes.auth.checkResetLink,
    summary: "Whether a reset link still works, and for which address (it is not used up)",
    body: CheckResetLinkBodySchema,
    response: z.object({ email: z.string() }),
  }),
  resetPassword: defineEndpoint({
    ...apiRoutes.auth.resetPassword,
    summary: "Set a new password with a reset link (used up); every session of the account ends",
    body: ResetPasswordBodySchema,
    response: MessageSchema,
  }),
  exportData: defineEndpoint({
    ...apiRoutes.auth.exportData,
    summary: "Download everything Seva holds about the signed-in person, as JSON (an attachment)",
    response: MyDataSchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.auth, Endpoint>;

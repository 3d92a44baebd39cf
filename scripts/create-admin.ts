// npm run create-admin -- --email E --password P --first-name F --last-name L
// Creates an administrator in the configured database (same environment variables as the server). Besides the
// demo seed, promotion by another admin and the institution's admin group, this is the only way an administrator
// comes to exist. Its accounts are break-glass: their password still works when PASSWORD_LOGIN=false.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { AppError } from "@server/errors";
import { createUser } from "@server/modules/auth/auth.service";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import { EmailSchema } from "@shared/contract/auth";
import { PASSWORD_MIN_LENGTH } from "@shared/domain/limits";
import { z } from "zod";

const ArgsSchema = z.object({
  email: EmailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`),
  "first-name": z.string().trim().min(1, "is required"),
  "last-name": z.string().trim().min(1, "is required"),
});

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
    strict: true,
  });
  const args = ArgsSchema.safeParse(values);
  if (!args.success) {
    for (const issue of args.error.issues) console.error(`--${issue.path.join(".")} ${issue.message}`);
    console.error("Usage: npm run create-admin -- --email E --password P --first-name F --last-name L");
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await ensureBadgeCatalogue(database.db);
    const admin = await createUser(database.db, {
      email: args.data.email,
      password: args.data.password,
      firstName: args.data["first-name"],
      lastName: args.data["last-name"],
      role: "admin",
      // Whoever ran the command chose this password for the admin, who is asked to replace it (ADR 0025).
      passwordIsTemporary: true,
      awaitingFirstSignIn: true,
      // The break-glass account (docs/product-rules.md §13): it signs in with this password even when
      // PASSWORD_LOGIN=false leaves everyone else to the institution's sign-in.
      breakGlass: true,
    });
    console.log(
      `Administrator ${admin.email} created (id ${admin.id}). It is a break-glass account: it signs in with its password even when PASSWORD_LOGIN=false.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);

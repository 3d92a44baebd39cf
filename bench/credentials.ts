/** Passwords of the generated bench accounts (bench data only, never a real installation). */
export const BENCH_ADMIN_PASSWORD = "bench-admin-password";
export const BENCH_STUDENT_PASSWORD = "bench-student-password";
export const benchAdminEmail = (domain: string) => `bench.admin.1@${domain}`;

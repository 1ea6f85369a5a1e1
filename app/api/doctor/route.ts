// POST /api/doctor: see lib/server/http/doctor-api.ts. Access is decided in lib/server/dashboard/dashboard.ts.
import { handleDoctorRequest } from '@/lib/server/http/doctor-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handleDoctorRequest;

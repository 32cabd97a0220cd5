/** Specialties offered on the application form; members may write in others. */
export const SPECIALTIES = ["Love and relationships", "Career and money", "Spiritual growth", "Decisions", "Shadow work", "Yes or no questions"] as const;

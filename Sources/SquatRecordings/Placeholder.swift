public enum SquatRecordingsPlaceholder {}

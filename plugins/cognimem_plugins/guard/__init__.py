"""The guard plugin: credential redaction and prompt-injection flagging on writes."""

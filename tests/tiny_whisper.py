"""A tiny random-weight Whisper model in CTranslate2 format, built locally so faster-whisper's real loading and
transcription code can be tested with no download (the text it produces is nonsense).

One encoder and one decoder layer of width 64, a byte-level BPE tokenizer with Whisper's special and timestamp
tokens (1765 tokens, so faster-whisper treats it as English-only), written next to ``tokenizer.json`` and a
``preprocessor_config.json``. About 2 MB; builds in well under a second.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SPECIAL_TOKENS = ("<|endoftext|>", "<|startoftranscript|>", "<|translate|>", "<|transcribe|>", "<|startoflm|>",
                  "<|startofprev|>", "<|nocaptions|>", "<|notimestamps|>")


def build_tiny_whisper(folder: Path, *, width: int = 64, heads: int = 2, mels: int = 80, seed: int = 0) -> Path:
    import numpy as np
    from ctranslate2.specs import whisper_spec
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers

    rng = np.random.default_rng(seed)

    def random(*shape: int) -> Any:
        return (rng.standard_normal(shape) * 0.02).astype(np.float32)

    def norm(layer: Any) -> None:
        layer.gamma, layer.beta = np.ones(width, np.float32), np.zeros(width, np.float32)

    def dense(layer: Any, rows: int, cols: int) -> None:
        layer.weight, layer.bias = random(rows, cols), random(rows)

    def feed_forward(ffn: Any) -> None:
        norm(ffn.layer_norm)
        dense(ffn.linear_0, 4 * width, width)
        dense(ffn.linear_1, width, 4 * width)

    byte_tokens = sorted(pre_tokenizers.ByteLevel.alphabet())
    timestamps = [f"<|{i * 0.02:.2f}|>" for i in range(1501)]  # must follow <|notimestamps|>
    vocabulary = [*byte_tokens, *SPECIAL_TOKENS, *timestamps]
    tokenizer = Tokenizer(models.BPE(vocab={t: i for i, t in enumerate(byte_tokens)}, merges=[]))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.add_special_tokens([*SPECIAL_TOKENS, *timestamps])

    spec = whisper_spec.WhisperSpec(1, heads, 1, heads)
    encoder, decoder = spec.encoder, spec.decoder
    encoder.conv1.weight, encoder.conv1.bias = random(width, mels, 3), random(width)
    encoder.conv2.weight, encoder.conv2.bias = random(width, width, 3), random(width)
    encoder.position_encodings.encodings = random(1500, width)
    norm(encoder.layer_norm)
    for layer in encoder.layer:
        norm(layer.self_attention.layer_norm)
        dense(layer.self_attention.linear[0], 3 * width, width)
        dense(layer.self_attention.linear[1], width, width)
        feed_forward(layer.ffn)
    decoder.embeddings.weight = random(len(vocabulary), width)
    decoder.position_encodings.encodings = random(448, width)
    decoder.projection.weight = decoder.embeddings.weight
    norm(decoder.layer_norm)
    for layer in decoder.layer:
        norm(layer.self_attention.layer_norm)
        dense(layer.self_attention.linear[0], 3 * width, width)
        dense(layer.self_attention.linear[1], width, width)
        norm(layer.attention.layer_norm)
        dense(layer.attention.linear[0], width, width)
        dense(layer.attention.linear[1], 2 * width, width)
        dense(layer.attention.linear[2], width, width)
        feed_forward(layer.ffn)
    spec.config.suppress_ids = []
    spec.config.suppress_ids_begin = [tokenizer.token_to_id("<|endoftext|>")]
    spec.config.lang_ids = []
    spec.config.alignment_heads = [(0, h) for h in range(heads)]
    spec.register_vocabulary(vocabulary)
    spec.validate()
    spec.optimize(quantization="float32")
    folder.mkdir(parents=True, exist_ok=True)
    spec.save(str(folder))
    tokenizer.save(str(folder / "tokenizer.json"))
    (folder / "preprocessor_config.json").write_text(json.dumps(
        {"feature_size": mels, "sampling_rate": 16000, "hop_length": 160, "chunk_length": 30, "n_fft": 400}))
    return folder

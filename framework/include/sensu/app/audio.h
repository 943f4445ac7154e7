#pragma once
/// Sound for games: one-shot sounds with volume and pan, one looping music track, a master volume.
/// Built on SDL_mixer (Debian's libsdl2-mixer-dev) rather than SDL2's bare audio callback: it mixes any
/// number of voices, reads WAV and OGG Vorbis, pans and loops music, all of which SDL2 alone would
/// leave to us to write.
///
/// Never a reason for a game to fail: with no audio device (a server, CI) or when asked to be silent,
/// an Audio still loads files (so a missing or corrupt file is reported the same everywhere), counts
/// what would have played, and makes no sound. SDL's "dummy" audio driver counts as a device (mixing
/// runs, nothing is heard), which is how the tests exercise the real path headless.
///
///   Audio audio;                                     // after the App: App's SDL_Quit ends audio too
///   const SoundId jump = audio.LoadSound("assets/sounds/jump.wav");
///   audio.Play(jump, 0.8f, -0.5f);                   // 80 % volume, half left
///   audio.PlayMusic("assets/sounds/music.wav");      // loops until StopMusic
#include <cstdint>
#include <string>
#include <vector>

namespace sensu {

/// A sound loaded by one Audio (index into its table).
struct SoundId {
    uint32_t index = UINT32_MAX;  ///< slot in the Audio's table (UINT32_MAX: no sound)
};

/// How an Audio starts.
struct AudioOptions {
    /// Open no device at all: load and count, never play (headless runs, tests).
    bool silent = false;
    /// Output sample rate (Hz), 8000 … 192000.
    int frequency = 44100;
    /// Voices that can sound at once (1 … 256); a one-shot beyond them is dropped.
    int voices = 16;
};

/// The audio device and every sound loaded for it. Not copyable; one per program is plenty.
class Audio {
public:
    /// Opens the default device unless options.silent. Never throws for a missing device (then
    /// available() is false and status() says why); throws InvalidArgument for out-of-range options.
    explicit Audio(const AudioOptions& options = {});
    ~Audio();
    Audio(const Audio&) = delete;
    Audio& operator=(const Audio&) = delete;

    /// True when a device is open and sounds are mixed (SDL's dummy driver included).
    bool available() const { return open_; }
    /// Why no device is open ("silent", or SDL's error), empty when available().
    const std::string& status() const { return status_; }

    /// Loads a WAV or OGG Vorbis file once per path (relative paths are also tried below the source
    /// tree, like Renderer::LoadTexture). Throws InvalidArgument naming the path when the file is
    /// missing or not a sound SDL_mixer can decode (without a device: WAV files are decoded, OGG files
    /// checked by their header).
    SoundId LoadSound(const std::string& path);
    /// Plays `sound` once at `volume` in [0, 1] (times the master volume) and `pan` in [-1, 1]
    /// (−1 left, 0 centre, 1 right). Throws InvalidArgument for a stale id or values out of range.
    void Play(SoundId sound, float volume = 1.0f, float pan = 0.0f);
    /// Loops the music file (WAV or OGG) at `volume` in [0, 1] until StopMusic or the next PlayMusic.
    /// Throws InvalidArgument like LoadSound.
    void PlayMusic(const std::string& path, float volume = 1.0f);
    /// Stops the music (nothing happens when none plays).
    void StopMusic();
    /// True while music is set to play (also when silent).
    bool musicPlaying() const { return musicOn_; }

    /// Scales every sound and the music, in [0, 1]. Throws InvalidArgument outside it.
    void SetMasterVolume(float volume);
    /// The master volume in [0, 1].
    float masterVolume() const { return master_; }

    /// One-shots Play was asked for since the Audio was created (silent or not): lets tests and
    /// headless runs check that a game asks for its sounds.
    int playCount() const { return playCount_; }
    /// One-shots of `sound` Play was asked for (0 for an id this Audio never gave out): LoadSound of the
    /// same path returns the same id, so a test can count one sound of a game.
    int playCount(SoundId sound) const { return sound.index < soundPlays_.size() ? soundPlays_[sound.index] : 0; }
    /// Voices sounding right now (0 when no device is open).
    int playingVoices() const;

private:
    /// Decodes `path` as a chunk or as music (throws InvalidArgument naming it); with no device open
    /// the file is only checked (WAV decoded, OGG by its header) and nullptr returned.
    void* Decode(const std::string& path, bool music) const;
    void ApplyMusicVolume();

    bool open_ = false;
    bool musicOn_ = false;
    std::string status_;
    float master_ = 1.0f;
    float musicVolume_ = 1.0f;
    int playCount_ = 0;
    std::vector<std::pair<std::string, void*>> sounds_;  // path, Mix_Chunk* (nullptr when silent)
    std::vector<int> soundPlays_;                         // one-shots asked for, per sound
    void* music_ = nullptr;                               // Mix_Music*
};

} // namespace sensu
